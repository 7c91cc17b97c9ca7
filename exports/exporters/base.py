"""What every exporter shares: the selection, the language, the file it returns."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.utils.text import slugify

from ..texts import export_language, in_language

FORMATS = {
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def format_of(path: str) -> str | None:
    """'pdf' or 'xlsx' from a file name's extension, None for anything else."""
    ext = Path(path).suffix.lower().lstrip(".")
    return ext if ext in FORMATS else None


@dataclass
class ExportFile:
    filename: str
    content_type: str
    content: bytes


class Exporter:
    """Subclasses set `identifier` and write `pdf()` and `xlsx()`; `render(fmt)` runs either in
    the export's language and names the file."""

    identifier = ""
    formats = tuple(FORMATS)

    def __init__(self, tournament, *, language: str | None = None, stage=None):
        self.tournament = tournament
        self.stage = stage
        self.language = export_language(tournament, language)

    def name_parts(self) -> list[str]:
        parts = [self.tournament.slug, self.identifier]
        if self.stage is not None:
            parts.append(self.stage.kind)
        return parts

    def filename(self, fmt: str) -> str:
        return "-".join(slugify(str(p)) for p in self.name_parts() if p) + f".{fmt}"

    def render(self, fmt: str, *, progress: Callable[[int, int], None] | None = None) -> ExportFile:
        if fmt not in self.formats:
            raise ValueError(f"unknown format {fmt!r}")
        with in_language(self.language):
            self.prepare()
            content = self.pdf(progress) if fmt == "pdf" else self.xlsx()
        return ExportFile(self.filename(fmt), FORMATS[fmt], content)

    def prepare(self) -> None:
        """Read the selection (raises selectors.NotFound / NothingToExport)."""

    def pdf(self, progress=None) -> bytes:
        raise NotImplementedError

    def xlsx(self) -> bytes:
        raise NotImplementedError
