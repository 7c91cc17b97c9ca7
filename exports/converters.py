"""The `export_format` path converter: pdf or xlsx (anything else is a 404)."""
from django.urls import register_converter


class FormatConverter:
    regex = "pdf|xlsx"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(FormatConverter, "export_format")
