"""Shared for the export tests: a played tournament with its standings, text read back from a
PDF, and LibreOffice to open a spreadsheet as a real spreadsheet program would."""
from __future__ import annotations

import csv
import fcntl
import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.recompute import recompute
from tests.conftest import missing_service
from tests.tournament_builders import played

SOFFICE = "soffice"


@pytest.fixture
def cup(db):
    """20 players, 3 qualifying rounds at 2 tables and a final of 2 games, all signed off, with
    its standings stored."""
    tournament = played("cup", players=20, rounds=3, final_games=2)
    recompute(tournament.pk)
    return tournament


def pdf_pages(content: bytes) -> list[str]:
    """The text of each page, in reading order (pypdf's layout mode keeps a table row on a line)."""
    return [page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(content)).pages]


def pdf_text(content: bytes) -> list[str]:
    """The plain text of each page: each table row's cells on one line, in order."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def pdf_fonts(content: bytes) -> set[str]:
    """The base names of the fonts embedded in the PDF."""
    fonts = set()
    for page in PdfReader(io.BytesIO(content)).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts") or [font]
            for d in descendants:
                descriptor = d.get_object().get("/FontDescriptor")
                if descriptor is not None and any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    fonts.add(str(font.get("/BaseFont")))
    return fonts


def ensure_program(program: str, package: str) -> str:
    """A Debian program the tests need (LibreOffice's soffice, poppler's pdftotext), installed
    with apt-get (as root) when missing, under a file lock so that two test processes do not
    both run apt-get (as ensure_chromium does)."""
    found = shutil.which(program)
    if found is None:
        apt = shutil.which("apt-get")
        if apt and os.geteuid() == 0:
            with open(os.path.join(tempfile.gettempdir(), "mafia-tests-apt.lock"), "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if shutil.which(program) is None:
                    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": False}
                    wait = ["-o", "DPkg::Lock::Timeout=300"]
                    subprocess.run([apt, *wait, "update", "-qq"], **quiet)
                    subprocess.run(
                        [apt, *wait, "install", "-y", "-qq", "--no-install-recommends", package],
                        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, **quiet,
                    )
        found = shutil.which(program)
    if found is None:
        missing_service(f"{program} is missing and {package} could not be installed with apt-get")
    return found


def pdftotext(content: bytes, tmp_path: Path) -> str:
    """The text as poppler's pdftotext reads it (a second, independent reader)."""
    program = ensure_program("pdftotext", "poppler-utils")
    source = tmp_path / "read.pdf"
    source.write_bytes(content)
    return subprocess.run([program, "-layout", str(source), "-"], capture_output=True, text=True, check=True, timeout=60).stdout


@pytest.fixture(scope="session")
def libreoffice_profile(tmp_path_factory) -> Path:
    """One LibreOffice user profile for the test process: a new profile costs its first start
    several seconds. A process converts one file at a time, so no two conversions share it at once."""
    return tmp_path_factory.mktemp("lo-profile")


@pytest.fixture
def soffice_csv(tmp_path, libreoffice_profile):
    """Convert an .xlsx with LibreOffice headless; return {sheet name: rows} of every sheet."""
    soffice = ensure_program(SOFFICE, "libreoffice-calc-nogui")

    def convert(content: bytes) -> dict[str, list[list[str]]]:
        source = tmp_path / "book.xlsx"
        source.write_bytes(content)
        out = tmp_path / "csv"
        out.mkdir(exist_ok=True)
        profile = libreoffice_profile
        # 44: comma, 34: quote, 76: UTF-8; the last token -1 writes every sheet to its own file.
        target = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
        result = subprocess.run(
            [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--norestore", "--convert-to", target,
             "--outdir", str(out), str(source)],
            capture_output=True, text=True, timeout=180,
        )
        files = sorted(out.glob("*.csv"))
        assert files, f"LibreOffice wrote no CSV: {result.stdout} {result.stderr}"
        sheets = {}
        for path in files:
            name = path.stem[len("book-"):] if path.stem.startswith("book-") else path.stem
            with open(path, newline="", encoding="utf-8") as handle:
                sheets[name] = list(csv.reader(handle))
        return sheets

    return convert


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return Path(settings.MEDIA_ROOT)
