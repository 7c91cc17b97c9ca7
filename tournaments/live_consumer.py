"""The live layer's socket door: one consumer class that the pages' consumers fill in.

A consumer says which groups a socket joins (``groups_for``), deciding with the permission model
exactly as the page's own view does: None refuses the socket (closed with code 4403 before it is
accepted, so a stranger learns nothing more than from the page's 403/404). The socket only
listens: whatever the client sends is ignored. Every pushed message reaches the page as
``{"kind": ..., "data": ...}`` (tournaments/live_groups.py).
"""
from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

REFUSED = 4403  # the websocket close code of a refused socket (4000-4999: the application's own)


class LiveConsumer(AsyncJsonWebsocketConsumer):
    def groups_for(self, user, **kwargs) -> list[str] | None:
        """The groups this socket follows, or None when the user may not follow them (runs in a
        thread: it may read the database)."""
        raise NotImplementedError

    async def connect(self):
        user = self.scope.get("user")
        kwargs = self.scope["url_route"]["kwargs"]
        groups = await database_sync_to_async(self.groups_for)(user, **kwargs)
        if not groups:
            await self.close(code=REFUSED)
            return
        self.live_groups = groups
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        for group in getattr(self, "live_groups", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        """A live socket only listens."""

    async def live_message(self, event):
        await self.send(text_data=event["text"])  # tournaments/live_groups.push encoded it once for all
