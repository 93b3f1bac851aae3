"""Several threads writing at once (the sandbox pool saving results, the GUI saving grades) must
queue, not fail with "database is locked"."""

from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy import func, select

from prism_desktop.store import open_store
from prism_desktop.store.models import Expert


def test_read_then_write_units_from_many_threads_all_commit(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def writer(number: int) -> None:
        try:
            start.wait()
            for round_ in range(15):
                with store.session(write=True) as session:
                    # read first, then write: the pattern that used to deadlock the lock upgrade
                    session.scalar(select(func.count()).select_from(Expert))
                    session.add(Expert(name=f"expert-{number}-{round_}"))
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Expert)) == 8 * 15
    store.close()
