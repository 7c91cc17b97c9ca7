"""A system check (run by `runserver`, `migrate` and `check`): the native libraries WeasyPrint
draws PDFs with. Without them WeasyPrint only logs a warning at the first PDF (or fails there);
this names the Debian packages to install before anyone prints."""
from __future__ import annotations

import ctypes

from django.core.checks import Warning, register

# library -> (names to load, as WeasyPrint tries them; the Debian package)
LIBRARIES = {
    "pango": (("libpango-1.0.so.0", "libpango-1.0-0.dll", "libpango-1.0.dylib"), "libpango-1.0-0"),
    "pangoft2": (("libpangoft2-1.0.so.0", "libpangoft2-1.0-0.dll", "libpangoft2-1.0.dylib"), "libpangoft2-1.0-0"),
    "harfbuzz-subset": (("libharfbuzz-subset.so.0", "libharfbuzz-subset-0.dll", "libharfbuzz-subset.0.dylib"),
                        "libharfbuzz-subset0"),
}


def loads(names: tuple[str, ...]) -> bool:
    for name in names:
        try:
            ctypes.CDLL(name)
        except OSError:
            continue
        return True
    return False


@register()
def pdf_libraries(app_configs=None, **kwargs):
    missing = [package for names, package in LIBRARIES.values() if not loads(names)]
    if not missing:
        return []
    return [Warning(
        f"PDF export needs native libraries that are missing: install them with "
        f"`apt-get install {' '.join(missing)}` (Debian/Ubuntu), then restart.",
        hint="Without libharfbuzz-subset0 fonts are subset by the slower fontTools and newer WeasyPrint "
             "versions refuse to start; without Pango no PDF can be made at all. Also install a font with "
             "Cyrillic, such as fonts-dejavu-core.",
        id="exports.W001",
    )]
