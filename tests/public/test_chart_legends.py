"""A chart's legend names each series whole: a long name is cut with an ellipsis where it would run
off the chart, the whole name in its tooltip, and the reliability chart's legend sits below the
plot, clear of its points."""
import re

from public import charts


def legend_texts(svg: str) -> list[tuple[str, str]]:
    legend = re.search(r'<g class="legend".*?</g>', svg, re.S).group(0)
    return re.findall(r"<text[^>]*><title>([^<]*)</title>([^<]*)</text>", legend)


def test_a_long_series_name_is_cut_with_an_ellipsis_and_whole_in_its_tooltip():
    series = [{"label": "Эло, как его считает mafiaratings", "groups": [(0.5, 0.5, 10)]},
              {"label": "Доля побед красных", "groups": [(0.5, 0.5, 10)]}]
    svg = str(charts.reliability_chart(series, title="t", desc="d"))
    assert legend_texts(svg) == [("Эло, как его считает mafiaratings", "Эло, как его считает mafiaratings"),
                                 ("Доля побед красных", "Доля побед красных")]
    long = [{"label": "Очень длинное имя серии, которое не помещается никак", "groups": [(0.5, 0.5, 10)]}]
    (whole, shown), = legend_texts(str(charts.reliability_chart(long, title="t", desc="d")))
    assert whole == long[0]["label"] and shown.endswith("…") and len(shown) == 44


def test_the_reliability_legend_lies_below_the_plot():
    series = [{"label": name, "groups": [(0.9, 0.9, 10)]} for name in ("a", "b", "c")]
    svg = str(charts.reliability_chart(series, title="t", desc="d"))
    height = float(re.search(r'viewBox="0 0 \d+ (\d+)"', svg).group(1))
    plot_bottom = max(float(y) for y in re.findall(r'<line x1="[\d.]+" x2="[\d.]+" y1="[\d.]+" y2="([\d.]+)"', svg))
    swatches = [float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="10"', svg)]
    assert min(swatches) > plot_bottom + 14 and max(swatches) + 10 <= height
