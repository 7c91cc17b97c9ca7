"""The CHANNEL_LAYERS setting: channels-redis at a Redis URL, or the process's memory without one."""
from __future__ import annotations


def channel_layers_for(redis_url: str) -> dict:
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    return {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        # a hall of spectators joins one table's group: the group's capacity is per channel, and a
        # message waits at most `expiry` seconds for a slow socket before it is dropped (the page
        # then catches up by its next poll)
        # redis-py 8 reads with a 5 s timeout by default, the very time channels-redis's blocking
        # receive (BZPOPMIN) waits for a message: a busy process then read "Timeout reading" and
        # dropped its sockets (bench/live_push.py at 600 subscribers). The read may wait longer.
        "CONFIG": {"hosts": [{"address": redis_url, "socket_timeout": 30, "socket_connect_timeout": 5}],
                   "expiry": 10, "group_expiry": 86400, "capacity": 200, "prefix": "mafia-live"},
    }}
