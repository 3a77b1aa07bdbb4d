from django import template

from battles.play.presenter import dom_id as make_dom_id

register = template.Library()


@register.simple_tag
def dom_id(kind: str, key: str | int | None = None) -> str:
    return make_dom_id(kind, key)
