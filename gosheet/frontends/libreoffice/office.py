"""A headless LibreOffice of gosheet's own: started with a profile of its own,
driven over a named pipe by :mod:`gosheet.frontends.libreoffice.uno_driver`, always
terminated.

Used by ``gosheet libreoffice install`` when ``unopkg`` cannot be used (it
refuses to run as root), and by the tests::

    with Office(profile) as office:
        office.run([{"do": "open", "path": "cup.xlsx"}, {"do": "dispatch", "url": URL}])
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from gosheet.core.errors import GosheetError

DRIVER = Path(__file__).with_name("uno_driver.py")
SOFFICE_ENV = "GOSHEET_SOFFICE"  # the soffice to use
UNO_PYTHON_ENV = "GOSHEET_UNO_PYTHON"  # a Python that can import uno
SOFFICE_PLACES = (
    "/usr/bin/soffice",
    "/usr/lib/libreoffice/program/soffice",
    "/opt/libreoffice/program/soffice",
    "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    r"C:\Program Files\LibreOffice\program\soffice.exe",
)


class LibreOfficeError(GosheetError):
    """LibreOffice is missing, or did not do what it was asked."""

    exit_code = 5


def find_soffice() -> str | None:
    """``GOSHEET_SOFFICE``, ``soffice`` (or ``libreoffice``) on the PATH, or a usual place."""
    configured = os.environ.get(SOFFICE_ENV)
    if configured:
        return configured if Path(configured).is_file() else None
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in SOFFICE_PLACES if Path(p).is_file()), None)


def program_dir(soffice: str) -> Path:
    """LibreOffice's ``program`` directory (``/usr/bin/soffice`` is a link or a script)."""
    real = Path(soffice).resolve()
    if real.parent.name == "program":
        return real.parent
    for candidate in (Path("/usr/lib/libreoffice/program"), real.parent):
        if (candidate / "soffice.bin").exists() or (candidate / "soffice").exists():
            return candidate
    return real.parent


def find_unopkg(soffice: str | None = None) -> str | None:
    soffice = soffice or find_soffice()
    if soffice is not None:
        for name in ("unopkg", "unopkg.exe", "unopkg.com"):
            candidate = program_dir(soffice) / name
            if candidate.is_file():
                return str(candidate)
    return shutil.which("unopkg")


def imports_uno(python: str) -> bool:
    try:
        done = subprocess.run(
            [python, "-c", "import uno"], capture_output=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def find_uno_python(soffice: str | None = None) -> str | None:
    """A Python that can ``import uno``: ``GOSHEET_UNO_PYTHON``, LibreOffice's own
    (``program/python``), the system's ``/usr/bin/python3`` (Debian's python3-uno),
    or ``python3`` on the PATH."""
    candidates = [os.environ.get(UNO_PYTHON_ENV)]
    soffice = soffice or find_soffice()
    if soffice is not None:
        program = program_dir(soffice)
        candidates += [str(program / "python"), str(program / "python.exe")]
    candidates += ["/usr/bin/python3", shutil.which("python3"), sys.executable]
    seen: set[str] = set()
    for candidate in candidates:
        if not candidate or candidate in seen or not Path(candidate).is_file():
            continue
        seen.add(candidate)
        if imports_uno(candidate):
            return candidate
    return None


class Office:
    """``soffice --headless`` on a profile directory, reached through a named pipe."""

    def __init__(
        self,
        profile: Path | None,
        *,
        soffice: str | None = None,
        uno_python: str | None = None,
        env: dict[str, str] | None = None,  # default: this environment, without virtualenv
        start_timeout: float = 90.0,
    ) -> None:
        soffice = soffice or find_soffice()
        if soffice is None:
            raise LibreOfficeError("LibreOffice (soffice) was not found; is it installed?")
        uno_python = uno_python or find_uno_python(soffice)
        if uno_python is None:
            raise LibreOfficeError(
                "no Python here can import uno (LibreOffice's Python bridge): install "
                "python3-uno (Debian, Ubuntu) or set GOSHEET_UNO_PYTHON"
            )
        self.soffice = soffice
        self.uno_python = uno_python
        self.profile = profile
        self.env = outside_virtualenv(env)
        # LibreOffice's embedded Python finds its home through the first python3 on
        # the PATH: let it be the one that goes with LibreOffice's uno module
        first = str(Path(uno_python).parent)
        self.env["PATH"] = os.pathsep.join([first, self.env.get("PATH", "")]).rstrip(os.pathsep)
        self.start_timeout = start_timeout
        self.pipe = f"gosheet-{os.getpid()}-{secrets.token_hex(4)}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = profile / "soffice.log" if profile is not None else None

    def command(self) -> list[str]:
        arguments = [self.soffice]
        if self.profile is not None:
            arguments.append(f"-env:UserInstallation={self.profile.resolve().as_uri()}")
        return [
            *arguments,
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            f"--accept=pipe,name={self.pipe};urp;",
        ]

    def start(self) -> Office:
        if self.profile is not None:
            self.profile.mkdir(parents=True, exist_ok=True)
        options: dict[str, Any] = {}
        if os.name == "posix":
            options["start_new_session"] = True  # its own process group, killed whole
        else:
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        if self.log is not None:
            with open(self.log, "ab") as output:
                self.process = subprocess.Popen(
                    self.command(),
                    stdin=subprocess.DEVNULL,
                    stdout=output,
                    stderr=output,
                    env=self.env,
                    **options,
                )
        else:
            self.process = subprocess.Popen(
                self.command(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=self.env,
                **options,
            )
        self.check([{"do": "ping"}], timeout=self.start_timeout)  # connects, or fails
        return self

    def run(self, steps: Sequence[dict[str, Any]], timeout: float = 120.0) -> list[dict[str, Any]]:
        """Run the driver's steps; their results (the last one failed if one did)."""
        if self.process is None:
            raise LibreOfficeError("LibreOffice is not started")
        if self.process.poll() is not None:
            raise LibreOfficeError(
                f"LibreOffice exited (exit code {self.process.returncode}); if it is open "
                f"with the same profile, close it and try again{self._log_tail()}"
            )
        try:
            done = subprocess.run(
                [self.uno_python, str(DRIVER), self.pipe, str(min(timeout, self.start_timeout))],
                input=json.dumps(list(steps)).encode("utf-8"),
                capture_output=True,
                timeout=timeout,
                env=driver_environment(),
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise LibreOfficeError(
                f"LibreOffice did not finish within {timeout:g} s: {list(steps)!r}"
            ) from None
        try:
            results: list[dict[str, Any]] = json.loads(done.stdout.decode("utf-8"))
        except ValueError:
            error = done.stderr.decode("utf-8", "replace").strip()
            raise LibreOfficeError(
                f"the UNO driver failed (exit code {done.returncode}): {error[-2000:]}"
            ) from None
        return results

    def check(
        self, steps: Sequence[dict[str, Any]], timeout: float = 120.0
    ) -> list[dict[str, Any]]:
        """:meth:`run`, raising when a step failed."""
        results = self.run(steps, timeout)
        if len(results) != len(steps) or not all(r["ok"] for r in results):
            failed = results[-1] if results else {"error": "no result"}
            raise LibreOfficeError(
                f"LibreOffice: {failed.get('error')} (steps: {list(steps)!r}){self._log_tail()}"
            )
        return results

    def stop(self) -> None:
        """End the office: asked politely first, then its whole process group killed."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.poll() is None:
                try:
                    self._driver_terminate()
                    process.wait(timeout=15)
                except (LibreOfficeError, subprocess.TimeoutExpired, OSError):
                    pass
        finally:
            kill_group(process)

    def _driver_terminate(self) -> None:
        subprocess.run(
            [self.uno_python, str(DRIVER), self.pipe, "10"],
            input=b'[{"do": "terminate"}]',
            capture_output=True,
            timeout=30,
            env=driver_environment(),
            check=False,
        )

    def _log_tail(self) -> str:
        if self.log is None or not self.log.exists():
            return ""
        text = self.log.read_text(encoding="utf-8", errors="replace").strip()
        return f" (soffice said: {text[-500:]})" if text else ""

    def __enter__(self) -> Office:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


PYTHON_VARIABLES = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PYTHONSAFEPATH")


def outside_virtualenv(base: dict[str, str] | None = None) -> dict[str, str]:
    """An environment with no trace of a virtualenv: LibreOffice's embedded Python
    looks for ``python3`` on the PATH to find its home, and a virtualenv's (for
    another Python version, or with ``pyvenv.cfg``) breaks it — the Python script
    provider and so the extension then fail."""
    env = {k: v for k, v in (os.environ if base is None else base).items()}
    for name in PYTHON_VARIABLES:
        env.pop(name, None)
    path = env.get("PATH", "")
    kept = [p for p in path.split(os.pathsep) if p and not (Path(p).parent / "pyvenv.cfg").exists()]
    env["PATH"] = os.pathsep.join(kept)
    return env


def driver_environment() -> dict[str, str]:
    """The environment of the UNO driver's Python: no trace of a virtualenv."""
    env = outside_virtualenv()
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def kill_group(process: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    """Kill a process started by :class:`Office` and every process it started
    (``soffice`` is a script starting ``oosplash`` starting ``soffice.bin``)."""
    if os.name != "posix":
        process.kill()
        process.wait(timeout=30)
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        process.poll()  # reap the leader, or it counts as alive
        if not group_alive(process.pid):
            break
        time.sleep(0.1)
    else:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=30)
