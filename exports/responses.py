"""An export as an HTTP response: a download with the exporter's file name."""
from __future__ import annotations

from django.http import HttpResponse
from django.utils.http import content_disposition_header

from .exporters import ExportFile


def file_response(exported: ExportFile) -> HttpResponse:
    response = HttpResponse(exported.content, content_type=exported.content_type)
    response["Content-Disposition"] = content_disposition_header(True, exported.filename)
    response["Content-Length"] = str(len(exported.content))
    return response
