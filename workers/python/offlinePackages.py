# `pip` and `micropip` as they behave with no network: a script that tries to install a package
# at run time gets the error an offline machine gives, and nothing is fetched. Packages come from
# the deployment's package set, loaded before the script starts.
import importlib.abc
import importlib.machinery
import sys

_HINT = (
    "this sandbox has no network; Python packages come from the deployment's package set "
    "(declare them in the script's '# /// script' dependencies or in requirements.txt)"
)


def _requirement_names(requirements):
    if isinstance(requirements, str):
        requirements = [requirements]
    return ", ".join(repr(str(name)) for name in requirements)


async def _micropip_install(requirements, *args, **kwargs):
    raise ValueError(f"Can't install {_requirement_names(requirements)}: {_HINT}")


def _pip_main(args=None):
    args = list(sys.argv[1:] if args is None else args)
    if args[:1] != ["install"]:
        print(f"ERROR: pip is not available: {_HINT}", file=sys.stderr)
        return 1
    for name in [arg for arg in args[1:] if not arg.startswith("-")]:
        print(
            f"ERROR: Could not find a version that satisfies the requirement {name} (from versions: none)",
            file=sys.stderr,
        )
        print(f"ERROR: No matching distribution found for {name}", file=sys.stderr)
    return 1


def _make_micropip(module):
    module.install = _micropip_install
    module.list = lambda: {}


def _make_pip(module):
    module.main = _pip_main


_STUBS = {"micropip": _make_micropip, "pip": _make_pip}


class _OfflineInstallers(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    # Last on sys.meta_path, so a real pip or micropip in the package set wins.
    def find_spec(self, fullname, path=None, target=None):
        if path is None and fullname in _STUBS:
            return importlib.machinery.ModuleSpec(fullname, self)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        _STUBS[module.__name__](module)


sys.meta_path.append(_OfflineInstallers())
