"""The admin, put together in one place: each app offers its ModelAdmins and the mixins of its
pages and actions (the seating's stage pages, the exports' actions and buttons, the judges'
accounts), and this module builds each model's admin of them and registers it once.

Imported by the admin app's ready() (config/admin_apps.py), after Django's autodiscovery has
imported every app's admin module (which registers nothing of ours). Django's own user and group
admins give way to the product's (group names in the page's language)."""
from django.contrib import admin
from django.contrib.auth.models import Group, User

from exports.admin import ExportJobAdmin, GameExportsMixin, RoundExportsMixin, StageExportsMixin, TournamentExportsMixin
from exports.models import ExportJob
from protocols import admin as protocols
from protocols.admin_accounts import GroupAdmin, JudgeAccountMixin, UserAdmin
from protocols.models import Game, Nomination, Protest, ProtocolVersion, Seat, SeatPenalty, VoteCount
from ratings.admin import PlayerRecordAdmin, RatingSettingsAdmin, RatingSnapshotAdmin
from ratings.models import PlayerRecord, RatingSettings, RatingSnapshot
from scoring.admin import StandingsStateAdmin
from scoring.models import StandingsState
from seating.admin import SeatingStagePagesMixin
from tournaments import admin as tournaments
from tournaments.models import ActionLog, Club, Judge, Player, Registration, Round, SignUp, Stage, Table, Team, Tournament


class TournamentAdmin(TournamentExportsMixin, tournaments.TournamentAdmin):
    actions = [*(tournaments.TournamentAdmin.actions or []), *TournamentExportsMixin.export_actions]


class StageAdmin(StageExportsMixin, SeatingStagePagesMixin, tournaments.StageAdmin):
    # the exports' stage page extends the seating's (templates/exports/admin/stage_change_form.html)
    actions = [*(tournaments.StageAdmin.actions or []), *SeatingStagePagesMixin.seating_actions,
               *StageExportsMixin.export_actions]


class RoundAdmin(RoundExportsMixin, tournaments.RoundAdmin):
    actions = [*(tournaments.RoundAdmin.actions or []), *RoundExportsMixin.export_actions]


class GameAdmin(GameExportsMixin, protocols.GameAdmin):
    actions = [*(protocols.GameAdmin.actions or []), *GameExportsMixin.export_actions]


class JudgeAdmin(JudgeAccountMixin, tournaments.JudgeAdmin):
    pass


admin.site.unregister(Group)  # Django's own (django.contrib.auth.admin)
admin.site.unregister(User)

# In the order the apps registered them before (the admin's app-index URL lists the labels in
# this order, and the admin's URLs stay as they were).
ADMINS = {
    # tournaments
    Club: tournaments.ClubAdmin,
    Player: tournaments.PlayerAdmin,
    Judge: JudgeAdmin,
    Tournament: TournamentAdmin,
    Stage: StageAdmin,
    Round: RoundAdmin,
    Table: tournaments.TableAdmin,
    Registration: tournaments.RegistrationAdmin,
    SignUp: tournaments.SignUpAdmin,
    Team: tournaments.TeamAdmin,
    ActionLog: tournaments.ActionLogAdmin,
    # the accounts (the protocols app's, in place of Django's)
    Group: GroupAdmin,
    User: UserAdmin,
    # protocols
    Game: GameAdmin,
    ProtocolVersion: protocols.ProtocolVersionAdmin,
    Seat: protocols.SeatAdmin,
    SeatPenalty: protocols.SeatPenaltyAdmin,
    Protest: protocols.ProtestAdmin,
    Nomination: protocols.NominationAdmin,
    VoteCount: protocols.VoteCountAdmin,
    # scoring, ratings, exports
    StandingsState: StandingsStateAdmin,
    RatingSettings: RatingSettingsAdmin,
    PlayerRecord: PlayerRecordAdmin,
    RatingSnapshot: RatingSnapshotAdmin,
    ExportJob: ExportJobAdmin,
}

for model, model_admin in ADMINS.items():
    admin.site.register(model, model_admin)
