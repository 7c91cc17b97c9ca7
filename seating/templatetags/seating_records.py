"""``{% seating_seeds tournament as seeds %}``: how every stage's seating was made, for the public
seating page ("seed 1234"), so that anyone can make the same seating again."""
from django import template

from seating.models import SeatingRecord

register = template.Library()


@register.simple_tag
def seating_seeds(tournament) -> list[dict]:
    """Per stage with a stored seating, in stage order: its kind (the id of its rounds on the
    page), its name, the seed and the move budget (None when a time limit was used)."""
    records = SeatingRecord.objects.filter(stage__tournament=tournament).select_related("stage").order_by("stage__order")
    return [
        {"stage": record.stage.kind, "name": record.stage.get_kind_display(), "seed": record.seed,
         "budget": record.iterations}
        for record in records
    ]
