from django.urls import path

from . import checkin, views

app_name = "desk"

urlpatterns = [
    path("desk/<slug:slug>/", views.home, name="home"),
    path("desk/<slug:slug>/protests/<int:pk>/", views.protest, name="protest"),
    path("desk/<slug:slug>/approve/<int:seat_id>/", views.approve, name="approve"),
    path("desk/<slug:slug>/check-in/", checkin.checkin_list, name="check-in"),
    path("desk/<slug:slug>/check-in/<str:token>/", checkin.checkin_scan, name="check-in-scan"),
    path("desk/<slug:slug>/log/", views.log, name="log"),
    path("desk/<slug:slug>/tables/", views.tables, name="tables"),
    path("desk/<slug:slug>/games/<int:pk>/console/", views.console_control, name="console_control"),
]
