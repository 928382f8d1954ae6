"""OpenGotha's parameters as one object (gosheet.core.opengotha.parameters), nested in the
settings: one table for the Settings sheet, the defaults and the XML mapping."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gosheet import records
from gosheet.core.opengotha.parameters import OG_FIELDS, OpenGothaParameters
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELD_BY_LABEL, FIELDS, OWN_FIELDS
from gosheet.records import FrozenRecordError


def test_one_table_names_every_attribute_once() -> None:
    own = {f.name for f in records.fields(Settings)} - {"opengotha"}
    assert sorted(f.attr for f in OWN_FIELDS) == sorted(own)
    assert [f.attr for f in OG_FIELDS] == [f.name for f in records.fields(OpenGothaParameters)]
    assert not {f.attr for f in OWN_FIELDS} & {f.attr for f in OG_FIELDS}
    assert len(FIELD_BY_LABEL) == len(FIELDS) == len(OWN_FIELDS) + len(OG_FIELDS)


def test_the_defaults_are_opengothas() -> None:
    mm, swiss = OpenGothaParameters(), OpenGothaParameters.swiss()
    assert (mm.mm_bar, mm.mm_floor, mm.mm_zero, mm.hd_ceiling) == (3, -20, -30, 9)
    assert mm.placement == ("MMS", "SOSM", "SOSOSM") and mm.mms_absent == Fraction(1, 2)
    assert (swiss.mm_bar, swiss.hd_ceiling, swiss.pai_seed_system1) == (8, 0, "SPLITANDSLIP")
    assert swiss.placement == ("NBW", "SOSW", "SOSOSW")
    assert OpenGothaParameters.for_system("mcmahon") == mm
    assert OpenGothaParameters.for_system("swiss") == swiss


def test_presets_nest_the_parameters_of_the_system_and_rules() -> None:
    assert Settings.preset("swiss", rules="opengotha").opengotha == OpenGothaParameters.swiss()
    # under gosheet's rules the parameters keep OpenGotha's McMahon defaults, as before
    assert Settings.preset("swiss").opengotha == OpenGothaParameters()
    s = Settings.preset("swiss", rules="opengotha", mm_bar=0, rounds=3)
    assert (s.opengotha.mm_bar, s.opengotha.hd_ceiling, s.rounds) == (0, 0, 3)
    assert s.replace(hd_ceiling=4, komi=0.5).opengotha.hd_ceiling == 4
    assert s.replace(hd_ceiling=4).opengotha.mm_bar == 0


@pytest.mark.parametrize("system", ["mcmahon", "swiss"])
def test_settings_rows_read_back_into_the_nested_parameters(system: str) -> None:
    settings = Settings.preset(system, rules="opengotha", categories=(-5,), pai_random=7)
    assert settings.value(FIELD_BY_LABEL["categories"]) == (-5,)
    parsed = {
        FIELD_BY_LABEL[label.casefold()].attr: FIELD_BY_LABEL[label.casefold()].parse(value)
        for label, value, _ in settings.rows()
    }
    assert "McMahon bar" in [label for label, _, _ in settings.rows()]
    assert Settings.preset(**parsed) == settings


def test_parameters_are_validated_on_construction() -> None:
    with pytest.raises(ValueError, match="Handicap ceiling: 12"):
        OpenGothaParameters(hd_ceiling=12)
    with pytest.raises(ValueError, match="Placement criteria"):
        Settings.preset(rules="opengotha", placement=("MMS", "SOSX"))
    with pytest.raises(ValueError, match="opengotha"):
        Settings(opengotha="MMS")  # type: ignore[arg-type]
    with pytest.raises(FrozenRecordError):
        OpenGothaParameters().mm_bar = 1  # type: ignore[misc]
