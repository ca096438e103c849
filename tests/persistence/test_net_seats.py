"""The seats held at games hosted elsewhere (issue 33): kept atomically in the data folder; any content at
all in the file reads as no seat kept, and the next write replaces it."""

from __future__ import annotations

import pytest

from catan_desktop.persistence.net_seats import FILE, KEPT, keep_seat_token, seat_token
from catan_desktop.persistence.userdirs import data_dir


def test_a_kept_token_comes_back_and_only_the_newest_are_kept() -> None:
    keep_seat_token("ws://h:1", "t", "abc")
    assert seat_token("ws://h:1", "t") == "abc"
    assert seat_token("ws://h:1", "other") is None
    for i in range(KEPT + 5):
        keep_seat_token("ws://h:1", f"t{i}", f"tok{i}")
    assert seat_token("ws://h:1", f"t{KEPT + 4}") == f"tok{KEPT + 4}"
    assert seat_token("ws://h:1", "t0") is None  # the oldest went


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"[1,2]", b'{"ws://h:1|t": {"token": 5}}',
                                     b'{"ws://h:1|t": {"token": "' + b"x" * 500 + b'"}}', b"[" * 100000])
def test_any_content_reads_as_no_seat_and_is_replaced_by_the_next_write(content: bytes) -> None:
    path = data_dir() / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert seat_token("ws://h:1", "t") is None
    assert path.read_bytes() == content  # reading changes nothing
    keep_seat_token("ws://h:1", "t", "new")
    assert seat_token("ws://h:1", "t") == "new"
