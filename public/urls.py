from django.urls import path

from . import awards, cards, rating_pages, signup, teams, views

app_name = "public"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/standings/table/", views.standings_fragment, name="standings-fragment"),
    path("t/<slug:slug>/standings/version/", views.standings_version, name="standings-version"),
    path("t/<slug:slug>/players/<int:player_id>/", views.player_detail, name="player"),
    path("t/<slug:slug>/games/<int:number>/", views.game_detail, name="game"),
    path("t/<slug:slug>/seating/", views.seating, name="seating"),
    path("t/<slug:slug>/rules/", views.rules_of_play, name="rules"),
    path("t/<slug:slug>/screen/", views.screen, name="screen"),
    path("t/<slug:slug>/awards/", awards.awards, name="awards"),
    path("t/<slug:slug>/screen/awards/", awards.ceremony, name="ceremony"),
    path("t/<slug:slug>/teams/", teams.teams, name="teams"),
    path("t/<slug:slug>/signup/", signup.signup, name="signup"),
    path("t/<slug:slug>/signup/withdraw/", signup.withdraw, name="signup-withdraw"),
    path("t/<slug:slug>/check-in/", signup.check_in, name="check-in"),
    path("t/<slug:slug>/cards/", cards.cards, name="cards"),
    path("t/<slug:slug>/tables/live.json", views.round_live_json, name="round-live-json"),
    path("t/<slug:slug>/tables/<int:number>/live/", views.table_live, name="table-live"),
    path("t/<slug:slug>/tables/<int:number>/live.json", views.table_live_json, name="table-live-json"),
    path("t/<slug:slug>/tables/<int:number>/overlay/", views.table_overlay, name="table-overlay"),
    path("t/<slug:slug>/tables/<int:number>/overlay.json", views.table_overlay_json, name="table-overlay-json"),
    path("players/<int:player_id>/", rating_pages.player_profile, name="profile"),
    path("players/names.json", rating_pages.player_names, name="player-names"),
    path("players/<int:player_id>/vs/", rating_pages.head_to_head_choice, name="head-to-head-choice"),
    path("players/<int:player_id>/vs/<int:other_id>/", rating_pages.head_to_head, name="head-to-head"),
    path("ratings/", rating_pages.rating_board, name="rating-board"),
    path("ratings/season/", rating_pages.season_board, name="season-board"),
    path("ratings/how/", rating_pages.rating_method, name="rating-method"),
    path("clubs/", rating_pages.club_list, name="clubs"),
    path("clubs/<int:club_id>/", rating_pages.club_detail, name="club"),
]
