"""A game's event log, stored append-only (spec/game-log.md "Storing a log").

``ConsoleLog`` is the log's header (one per protocol game); ``ConsoleEvent`` one event at its
index. Events are never edited or deleted: ``undo`` is an event like any other (7.16.4).
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from protocols.models import Game


class ConsoleLog(models.Model):
    game = models.OneToOneField(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="console_log")
    header = models.JSONField(_("log header"), help_text=_("The mafia-game-log/1 document without its events."))
    length = models.PositiveIntegerField(_("events stored"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # The turn's timer as a stored deadline (console/timer.py): a reload, a second tab or a tablet
    # that slept finds it where it was. ``timer_turn`` names the turn it belongs to ("D1#3": the
    # label and the turn's number in the label's trace), so a new turn starts with a full timer.
    timer_turn = models.CharField(_("timer's turn"), max_length=16, blank=True, default="")
    timer_running = models.BooleanField(_("timer running"), default=False)
    timer_deadline = models.DateTimeField(_("timer ends at"), null=True, blank=True)
    timer_remaining_ms = models.IntegerField(_("timer left (ms)"), null=True, blank=True)
    # The game as the hall sees it (engines.console.public_state) after the first ``public_length``
    # events: what the live views serve, stored by the first of them to ask after each event
    # (console/live.py ``public_projection``), so a poll never replays the log.
    public_state = models.JSONField(_("public view"), null=True, blank=True, editable=False)
    public_length = models.PositiveIntegerField(_("public view's length"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("console log")
        verbose_name_plural = _("console logs")

    def __str__(self) -> str:
        return f"{self.game} ({self.length})"

    def document(self) -> dict:
        """The whole ``mafia-game-log/1`` document: the header and the stored events in order."""
        events = list(self.events.order_by("index").values_list("payload", flat=True))
        return {**self.header, "events": events}


class ConsoleEvent(models.Model):
    log = models.ForeignKey(ConsoleLog, verbose_name=_("log"), on_delete=models.CASCADE, related_name="events")
    index = models.PositiveIntegerField(_("index"))
    payload = models.JSONField(_("event"))
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("entered by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(_("stored at"), auto_now_add=True)

    class Meta:
        verbose_name = _("console event")
        verbose_name_plural = _("console events")
        constraints = [models.UniqueConstraint(fields=["log", "index"], name="console_event_unique_index")]
        ordering = ["log", "index"]

    def __str__(self) -> str:
        return f"{self.log_id}#{self.index} {self.payload.get('type') if isinstance(self.payload, dict) else ''}"
