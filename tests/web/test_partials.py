"""The shared template macros (templates/_partials.html)."""

from flask import Flask, flash, render_template_string
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField
from wtforms.validators import NumberRange

MACROS = '{% from "_partials.html" import field, big_button, flash_messages with context %}'


class BidForm(FlaskForm):  # type: ignore[misc]
    """A one-field form to render."""

    bid = IntegerField("Apuesta", validators=[NumberRange(min=0, max=3, message="De 0 a 3")])
    ready = BooleanField("Listo")


def test_field_shows_label_input_hint_and_error(app: Flask) -> None:
    with app.test_request_context("/", method="POST", data={"bid": "7"}):
        form = BidForm(meta={"csrf": False})
        assert not form.validate()
        html = render_template_string(
            MACROS + "{{ field(form.bid, hint='Bazas', inputmode='numeric') }}{{ field(form.ready) }}", form=form
        )
    assert '<label for="bid">Apuesta</label>' in html
    assert 'inputmode="numeric"' in html and 'value="7"' in html
    assert 'aria-invalid="true"' in html and 'aria-describedby="bid-hint bid-error"' in html
    assert '<p class="error" id="bid-error">De 0 a 3</p>' in html
    assert 'type="checkbox"' in html and "field-check" in html


def test_big_button_is_a_link_or_a_button(app: Flask) -> None:
    with app.test_request_context("/"):
        html = render_template_string(
            MACROS
            + "{{ big_button('Nueva partida', href='/partidas/nueva') }}{{ big_button('Guardar', name='a', value=0) }}"
        )
    assert '<a class="button button-big" href="/partidas/nueva">Nueva partida</a>' in html
    assert '<button class="button button-big" type="submit" name="a" value="0">Guardar</button>' in html


def test_flash_messages_show_with_their_category(app: Flask) -> None:
    with app.test_request_context("/"):
        flash("Guardado", "success")
        flash("Falta una apuesta", "error")
        html = render_template_string(MACROS + "{{ flash_messages() }}")
    assert '<p class="flash flash-success" role="status">Guardado</p>' in html
    assert '<p class="flash flash-error" role="alert">Falta una apuesta</p>' in html
