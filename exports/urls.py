from django.urls import path

from . import converters, views  # noqa: F401  (converters registers export_format)

app_name = "exports"

urlpatterns = [
    path("t/<slug:slug>/standings.<export_format:fmt>", views.standings_file, name="standings"),
    path("t/<slug:slug>/seating.<export_format:fmt>", views.seating_file, name="seating"),
    path("t/<slug:slug>/teams.<export_format:fmt>", views.team_standings_file, name="teams"),
    path("t/<slug:slug>/games/<int:number>/protocol.pdf", views.protocol_file, name="protocol"),
    path("t/<slug:slug>/awards/diplomas.pdf", views.diplomas_file, name="diplomas"),
]
