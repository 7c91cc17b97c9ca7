"""What the protocols app announces. Apps above it (the rating) listen; protocols never
imports them (pretix's style: a lower app sends, higher apps receive). The standings are asked
for explicitly by the same services (`services.announce_change`), not through this signal."""
from django.dispatch import Signal

# Sent inside the transaction that changed what the standings read: a sign-off, an amendment of
# a signed-off protocol, a protest decision on one, an import of a tournament file.
# Keyword argument: ``tournament`` (a Tournament). Receivers run before the transaction commits,
# so whatever they write commits or rolls back with the change.
protocol_changed = Signal()
