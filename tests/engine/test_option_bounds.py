"""Every numeric option has bounds (issue 15): a value outside them, a number thousands of digits
long or a look-alike digit gives a clear ValueError naming the range, never Python's own text."""
from __future__ import annotations

import pytest

import engine
from engine.options import int_option

# (game, option) -> (lowest, highest): from the rules files where they give them, else docs/decisions.md.
BOUNDS = {
    ("basic", "target_points"): (0, 10000), ("basic", "max_turns"): (1, 10000), ("basic", "pot_points"): (0, 1000),
    ("ancient", "target"): (1, 30), ("ancient", "hand_size"): (1, 10), ("ancient", "max_turns"): (1, 10000),
    ("iroh", "fire_range"): (2, 3), ("iroh", "max_turns"): (1, 10000),
    ("kutai", "target"): (0, 200),
    ("quaterno", "move_limit"): (50, 500),
    ("pauso", "rings"): (4, 12),
}
PYTHON_TEXT = ("Exceeds the limit", "invalid literal", "int()", "sys.set_int_max_str_digits", "Traceback")


def numeric_options() -> set[tuple[str, str]]:
    return {(v, o.name) for v in engine.VARIANT_IDS for o in engine.info(v).options
            if isinstance(o.default, int) and not isinstance(o.default, bool)}


def test_every_numeric_option_has_bounds():
    assert numeric_options() == set(BOUNDS)


def refusal(variant: str, name: str, value) -> str:
    with pytest.raises(ValueError) as err:
        engine.new_game(variant, players=2, options={name: value})
    message = str(err.value)
    assert len(message) <= 200 and not any(bit in message for bit in PYTHON_TEXT), message
    return message


@pytest.mark.parametrize("variant,name", sorted(BOUNDS))
def test_values_outside_the_bounds_are_refused_with_the_range(variant, name):
    low, high = BOUNDS[variant, name]
    head = f"The option {name} must be a whole number from {low} to {high}, not "
    assert refusal(variant, name, high + 1) == head + f"'{high + 1}'."
    assert refusal(variant, name, str(high + 1)) == head + f"'{high + 1}'."
    assert refusal(variant, name, low - 1) == head + f"'{low - 1}'."
    assert refusal(variant, name, "9" * 5000) == head + "'" + "9" * 40 + "\u2026'."
    assert refusal(variant, name, 10 ** 5000).startswith(head)
    assert refusal(variant, name, "\u0663").startswith(head)  # an Arabic-Indic three: not our digits
    assert refusal(variant, name, "1e3").startswith(head)
    assert engine.new_game(variant, players=2, options={name: high}).options[name] == high
    assert engine.new_game(variant, players=2, options={name: str(low)}).options[name] == low


@pytest.mark.parametrize("variant,name", sorted(BOUNDS))
def test_the_option_descriptions_give_the_range(variant, name):
    low, high = BOUNDS[variant, name]
    spec = engine.info(variant).option(name)
    assert (spec.low, spec.high) == (low, high)
    assert f"{low} to {high}" in spec.describe()
    assert all(low <= int(v) <= high for v in spec.offered())


def test_an_option_needs_an_upper_bound():
    with pytest.raises(TypeError):
        int_option("max_turns", 5, 1)  # type: ignore[call-arg]


def test_fullwidth_digits_are_read_as_digits():
    assert engine.new_game("pauso", options={"rings": "\uff18"}).options["rings"] == 8


def test_other_option_echoes_are_short():
    long = "z" * 5000
    for variant, options in (("pauso", {"first": long}), ("pauso", {"board": long}), ("pauso", {"colours": long}),
                             ("basic", {long: 1}), ("kutai", {"sight": long})):
        with pytest.raises(ValueError) as err:
            engine.new_game(variant, options=options)
        assert "z" * 40 + "\u2026" in str(err.value) and "z" * 41 not in str(err.value), str(err.value)[:100]
    with pytest.raises(ValueError) as err:
        engine.new_game(long)
    assert "z" * 41 not in str(err.value)


def test_a_board_layout_reads_only_our_digits():
    plain = engine.new_game("pauso", options={"board": "2o/5o/5o/5o"}).options["board"]
    assert engine.new_game("pauso", options={"board": "2o/\uff15o/5o/5o"}).options["board"] == plain  # fullwidth 5
    for layout in ("\u00b2o/5o/5o/5o", "\u0663o/5o/5o/5o", "5o/\u096bo/5o/5o", "9" * 5000 + "o/5o/5o/5o", "5o/5o/5o/5o/" + "o" * 5000):
        with pytest.raises(ValueError) as err:
            engine.new_game("pauso", options={"board": layout})
        message = str(err.value)
        assert len(message) <= 200 and not any(bit in message for bit in PYTHON_TEXT), message
