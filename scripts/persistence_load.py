"""Runs the apps the way a user's machine does, for the persistence, recording and terminal
checks: as a user without privileges, with every core busy.

Imported by scripts/crash-test, scripts/share-check, scripts/plan-file-check,
scripts/recording-crash-test and scripts/terminal-check, which take its two options:

  --user NAME   run every process of the built binaries as NAME (through util-linux's
                `setpriv`); as root, NAME is created when missing (`useradd`), and the
                binaries and their resources are copied to a folder NAME can read. Without
                root, NAME must be the current user.
  --busy N      keep N busy loops running for the whole check (N processes spinning on a
                core; 3 on a 2-core machine leaves trails a third of a core at times).

Root on an idle machine hides what these checks look for: permissions do not apply to root,
and a process that exits while a task still holds its database connection exits between the
task's steps only when the cores are busy (issue 48, items 3 and 4).

    with persistence_load.Load(options, binary) as load:
        subprocess.run(load.command("--db", db, "plan"))   # as NAME, on the copied binary
        folder = load.folder("check-")                      # a fresh folder NAME owns

A check that runs several binaries names them all; each is copied, and `run_as` starts any
of them as NAME:

    with persistence_load.Load(options, movies, conformance) as load:
        subprocess.run(load.run_as([load.path("movies"), "--record", file]))
"""

import os
import pwd
import shutil
import subprocess
import sys
import tempfile

RESOURCES = "LoopReference_Fixtures.resources"
SETPRIV = "/usr/bin/setpriv"


def add_arguments(parser):
    """Adds --user and --busy to an argparse parser."""
    parser.add_argument("--user", help="run trails as this user (created when missing, as root)")
    parser.add_argument("--busy", type=int, default=0, metavar="N",
                        help="keep N busy loops running meanwhile (0)")


def describe(options):
    """How the runs were made, for a check's last line: `as tester, 3 busy loops`."""
    user = options.user or pwd.getpwuid(os.geteuid()).pw_name
    loops = f", {options.busy} busy loop{'s' if options.busy != 1 else ''}" if options.busy else ""
    return f"as {user}{loops}"


class LoadError(Exception):
    """The user cannot be had, or the binary cannot be copied: the check cannot run."""


class Load:
    """The busy loops, the user and the binary to run, from `__enter__` to `__exit__`.

    Every process it starts (the busy loops) it ends by its own pid; every folder it makes it
    removes."""

    def __init__(self, options, binary, *others):
        self.user = options.user
        self.busy = options.busy
        # `binary` is the one `command` runs; `others` are copied beside it, for `path`.
        self.binary = binary
        self.paths = {os.path.basename(path): path for path in (binary, *others)}
        self.loops = []
        self.copies = None
        self.uid = self.gid = None

    def __enter__(self):
        try:
            if self.user:
                self._take_user()
            for _ in range(self.busy):
                self.loops.append(subprocess.Popen(
                    [sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_):
        for loop in self.loops:
            loop.kill()
            loop.wait()
        self.loops = []
        if self.copies:
            shutil.rmtree(self.copies, ignore_errors=True)
            self.copies = None
        return False

    def _take_user(self):
        if os.geteuid() != 0:
            if pwd.getpwuid(os.geteuid()).pw_name != self.user:
                raise LoadError(f"--user {self.user} needs root (or to be {self.user} already)")
            return
        try:
            entry = pwd.getpwnam(self.user)
        except KeyError:
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", self.user],
                           check=True, stdout=subprocess.DEVNULL)
            entry = pwd.getpwnam(self.user)
        if not os.access(SETPRIV, os.X_OK):
            raise LoadError(f"running as {self.user} needs {SETPRIV} (util-linux)")
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        # The build folder may be one the user cannot read; the copy finds its resources
        # next to itself, as a bundle's accessor looks there first.
        self.copies = tempfile.mkdtemp(prefix="trails-as-user-")
        os.chmod(self.copies, 0o755)
        for name, path in self.paths.items():
            copy = os.path.join(self.copies, name)
            shutil.copy2(path, copy)
            os.chmod(copy, 0o755)
            self.paths[name] = copy
            resources = os.path.join(os.path.dirname(path), RESOURCES)
            if os.path.isdir(resources) and not os.path.exists(
                    os.path.join(self.copies, RESOURCES)):
                shutil.copytree(resources, os.path.join(self.copies, RESOURCES))
        for folder, names, files in os.walk(self.copies):
            os.chmod(folder, 0o755)
            for name in files:
                if os.path.join(folder, name) not in self.paths.values():
                    os.chmod(os.path.join(folder, name), 0o644)
        self.binary = self.paths[os.path.basename(self.binary)]

    @property
    def as_other_user(self):
        """Whether trails runs as another user than this script."""
        return self.uid is not None

    @property
    def privileged(self):
        """Whether trails runs as root, to which permissions do not apply."""
        return (self.uid if self.uid is not None else os.geteuid()) == 0

    def command(self, *arguments):
        """The command line that runs trails with `arguments`, as the user."""
        return self.run_as([self.binary, *arguments])

    def path(self, name):
        """The binary named `name` (one given to `Load`), as the user runs it: the copy."""
        return self.paths[name]

    def run_as(self, argv):
        """`argv` (a binary from `path`, then its arguments) as a command line run as the user."""
        launcher = []
        if self.as_other_user:
            launcher = [SETPRIV, f"--reuid={self.uid}", f"--regid={self.gid}", "--init-groups"]
        return launcher + list(argv)

    def folder(self, prefix):
        """A new empty folder the user owns (mode 755), for one run's database."""
        folder = tempfile.mkdtemp(prefix=prefix)
        self.own(folder)
        os.chmod(folder, 0o755)
        return folder

    def own(self, path):
        """Gives `path` to the user (nothing to do when trails runs as this script's user)."""
        if self.as_other_user:
            os.chown(path, self.uid, self.gid)
