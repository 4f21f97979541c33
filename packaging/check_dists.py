"""Check what the sdist and the wheel carry: ``python packaging/check_dists.py SDIST WHEEL``.

The sdist is what a packager builds and tests from (tests, packaging, CI script); the wheel is
what users install (no README screenshots, no translation sources; the license as an SPDX
expression with its file). Prints one ``dist: ok`` line per archive, exits 1 with what is wrong.
"""
from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from email.parser import Parser

SDIST_MUST = ("tests/conftest.py", "packaging/smoke.sh", "packaging/README.md", ".ci/run", "LICENSE",
              "MANIFEST.in", "resources/screenshots/main-en.png")
WHEEL_MUST_NOT = (re.compile(r"(^|/)screenshots/"), re.compile(r"\.ts$"), re.compile(r"(^|/)tests/"))
WHEEL_MUST = (re.compile(r"\.dist-info/licenses/LICENSE$"), re.compile(r"i18n/linghun_zh_CN\.qm$"),
              re.compile(r"desktop/io\.github\.linghun\.Workbench\.desktop$"),
              re.compile(r"demo-home/linghun/memory/warm\.md$"))
LICENSE = "AGPL-3.0-or-later"


def check_sdist(path: str) -> list[str]:
    with tarfile.open(path) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    return [f"sdist lacks {m}" for m in SDIST_MUST if m not in names]


def check_wheel(path: str) -> list[str]:
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta = Parser().parsestr(whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
    problems = [f"wheel carries {n}" for n in names if any(p.search(n) for p in WHEEL_MUST_NOT)]
    problems += [f"wheel lacks {p.pattern}" for p in WHEEL_MUST if not any(p.search(n) for n in names)]
    if meta.get("License-Expression") != LICENSE:
        problems.append(f"wheel License-Expression is {meta.get('License-Expression')!r}")
    if meta.get("License"):
        problems.append("wheel still has the deprecated License field")
    return problems


def main(argv: list[str]) -> int:
    sdist, wheel = argv
    problems = check_sdist(sdist) + check_wheel(wheel)
    for problem in problems:
        print(f"dist: FAILED: {problem}", file=sys.stderr)
    if problems:
        return 1
    with zipfile.ZipFile(wheel) as whl:
        infos = whl.infolist()
    print(f"dist: ok sdist {sdist.rsplit('/', 1)[-1]} carries tests, packaging and .ci")
    print(f"dist: ok wheel {wheel.rsplit('/', 1)[-1]}: {len(infos)} files, "
          f"{sum(i.file_size for i in infos) / 1024:.0f} KiB unpacked, no screenshots or .ts, "
          f"License-Expression {LICENSE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
