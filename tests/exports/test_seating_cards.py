"""The seating PDF's player cards: several to an A4 sheet, each whole on one page (it printed one
card a page: 24 pages for 20 players)."""
import io

from django.core.management import call_command
from pypdf import PdfReader

from tests.exports.conftest import pdf_text


def test_twenty_players_cards_fill_a_few_a4_sheets_each_card_whole(cup, tmp_path):
    out = tmp_path / "seating.pdf"
    call_command("export_seating", "cup", "--out", str(out), "--lang", "en")
    content = out.read_bytes()
    reader = PdfReader(io.BytesIO(content))
    pages = pdf_text(content)
    nicknames = [r.player.nickname for r in cup.registrations.select_related("player")]
    card_pages = [i for i, text in enumerate(pages) if "Stage" in text and "Seat" in text]
    assert 1 <= len(card_pages) <= 4, len(card_pages)  # 20 cards, at least six to a sheet
    for i in card_pages:
        box = reader.pages[i].mediabox
        assert round(float(box.width) * 25.4 / 72) == 210 and round(float(box.height) * 25.4 / 72) == 297  # A4
    # each card on one page: its nickname and all 5 of its games (3 rounds, a 2-game final) together
    for nickname in nicknames:
        [page] = [i for i in card_pages if f"\n{nickname}\n" in f"\n{pages[i]}\n"]
        assert page in card_pages
    assert len(pages) <= 6
