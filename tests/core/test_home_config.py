"""workbench.json: one reader and writer for every feature's settings."""
import json

import pytest

from linghun.core.errors import CorruptFileError
from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section, read_config
from linghun.core.home_lock import update_section
from linghun.core.llm import provider_for_home


def test_missing_file_reads_as_defaults(empty_home):
    home = MemoryHome.resolve(empty_home)
    assert read_config(home) == {} and config_section(home, "llm") is None
    assert provider_for_home(home, env={}) is None  # no key anywhere: offline


def test_update_keeps_other_sections(empty_home):
    home = MemoryHome.resolve(empty_home)
    update_section(home, "map", lambda old: {"budget": 1500})
    update_section(home, "aliases", lambda old: {"memory": {"订单": "订单服务"}})
    update_section(home, "map", lambda old: {**old, "enabled": False})
    assert json.loads(home.config.read_text()) == {
        "map": {"budget": 1500, "enabled": False}, "aliases": {"memory": {"订单": "订单服务"}}}


def test_llm_section_configures_the_provider(empty_home):
    home = MemoryHome.resolve(empty_home)
    update_section(home, "llm", lambda old: {"baseUrl": "http://127.0.0.1:9/v1", "model": "m", "apiKey": "k"})
    provider = provider_for_home(home, env={})
    assert provider is not None and provider.model == "m"


def test_a_non_object_file_is_refused_and_kept(empty_home):
    home = MemoryHome.resolve(empty_home)
    home.root.mkdir(parents=True)
    home.config.write_text("[1, 2]")
    with pytest.raises(CorruptFileError):
        read_config(home)
    with pytest.raises(CorruptFileError):
        update_section(home, "map", lambda old: {})
    assert home.config.read_text() == "[1, 2]"
