"""Organisers see the admin in Russian or English."""
import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_tournament_form_speaks_russian(admin_client):
    response = admin_client.get(reverse("admin:tournaments_tournament_add"), HTTP_ACCEPT_LANGUAGE="ru")
    page = response.content.decode()
    assert "Игр до финала" in page
    assert "Зерно жребия" in page
    assert "Настройки подсчёта баллов" in page


def test_the_tournament_form_speaks_english(admin_client):
    response = admin_client.get(reverse("admin:tournaments_tournament_add"), {"lang": "en"})
    page = response.content.decode()
    assert "Games before the final" in page
    assert "Scoring settings" in page
    # The choice sticks: the next page without ?lang is English too.
    assert "Lot seed" in admin_client.get(reverse("admin:tournaments_tournament_add")).content.decode()
