# Runs one skill script the way `python3 SCRIPT ARGS...` would, inside a fresh Pyodide.
import builtins
import os
import sys
import traceback
import types


def _exit_status(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


class _ProcessExit(BaseException):
    # os._exit ends the process at once in CPython; here the interpreter must outlive the script,
    # so it unwinds to the runner instead, with the status the script asked for.
    pass


def _process_exit(status):
    raise _ProcessExit(status)


# Modules that are not named after their PyPI package; Pyodide's lock file adds the packages it
# builds (PIL -> pillow, yaml -> pyyaml...) at boot.
_DISTRIBUTIONS = {
    "docx": "python-docx",
    "pptx": "python-pptx",
    "fitz": "pymupdf",
    "dotenv": "python-dotenv",
    "jwt": "pyjwt",
    "magic": "python-magic",
    "slugify": "python-slugify",
    "googleapiclient": "google-api-python-client",
    "PyPDF2": "pypdf2",
    "markdown": "markdown",
}

_NO_SET = "This deployment has no Python packages beyond the standard library."


def skillbox_learn_distributions(lock_json):
    import json

    for package in json.loads(lock_json).get("packages", {}).values():
        for module in package.get("imports", []):
            _DISTRIBUTIONS.setdefault(module.split(".")[0], package["name"])


def _missing_modules(error):
    # The ModuleNotFoundErrors behind an exit: uncaught, or caught by a script that then exited
    # (`except ImportError: sys.exit("pip install ...")`), so an optional import that a package
    # tried and recovered from is never blamed.
    names, seen = [], set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, ModuleNotFoundError) and error.name:
            name = error.name.split(".")[0]
            if name not in sys.stdlib_module_names and name not in names:
                names.append(name)
        error = error.__cause__ or error.__context__
    return names


def _missing_package_hint(name, packages):
    provider = packages.get("setModules", {}).get(name)
    if provider:
        return (
            f"skillbox: '{name}' is in this deployment's Python package set ({provider}) but was "
            "not loaded for this script, whose imports did not show it: declare it in the script's "
            "'# /// script' dependencies or in the skill's requirements.txt."
        )
    distribution = _DISTRIBUTIONS.get(name)
    what = f"the package '{distribution}'" if distribution else f"a package providing '{name}'"
    return (
        f"skillbox: No module named '{name}': {what} is not in this deployment's Python package "
        f"set, and scripts cannot install packages here (no network). "
        f"{packages.get('setDescription') or _NO_SET}"
    )


def _print_uncaught(error, script):
    # Drop the frames of this runner so the traceback reads as python3's would.
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != script:
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb)


def skillbox_run(script_path, args, env, root, packages, inline_code=None, cwd=None):
    # inline_code is `python3 -c CODE` (a child process, or a command in a shell script): argv[0]
    # is "-c" and the import path starts with the working directory, as natively. cwd is where a
    # child process starts, inside the skill folder `root`.
    os.environ.clear()
    os.environ.update(env)
    for directory in (env.get("HOME"), env.get("TMPDIR")):
        if directory:
            os.makedirs(directory, exist_ok=True)
    os.chdir(cwd if cwd and os.path.isdir(cwd) else root)
    main = types.ModuleType("__main__")
    if inline_code is None:
        script = os.path.join(root, script_path)
        sys.argv = [script_path, *args]
        sys.path.insert(0, os.path.dirname(script))
        main.__file__ = script
    else:
        script = "<string>"
        sys.argv = ["-c", *args]
        sys.path.insert(0, "")
    main.__builtins__ = builtins
    main.__cached__ = None
    sys.modules["__main__"] = main
    os._exit = _process_exit
    ending = None
    try:
        if inline_code is None:
            with open(script, "rb") as source:
                inline_code = source.read()
        code = compile(inline_code, script, "exec", dont_inherit=True)
        exec(code, main.__dict__)
        status = 0
    except _ProcessExit as exit_request:
        status = exit_request.args[0] & 0xFF
    except SystemExit as exit_request:
        status = _exit_status(exit_request.code)
        ending = exit_request
    except BaseException as error:  # noqa: BLE001 - an uncaught error of any kind exits 1
        _print_uncaught(error, script)
        status = 1
        ending = error
    if status != 0:
        for name in _missing_modules(ending):
            print(_missing_package_hint(name, packages), file=sys.stderr)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a script may have replaced or closed the stream
            pass
    return status


def skillbox_forget_listings(site_packages):
    # Packages were just written under site-packages: the path finders there re-read their
    # folders, and namespace packages recompute their paths, at the next import.
    import importlib

    for path, finder in list(sys.path_importer_cache.items()):
        if finder is not None and (path == site_packages or path.startswith(site_packages + "/")):
            finder.invalidate_caches()
    importlib._bootstrap_external._NamespacePath._epoch += 1
    # Only if a run already imported it: importing it here is what this function avoids.
    metadata = sys.modules.get("importlib.metadata")
    if metadata is not None:
        metadata.MetadataPathFinder.invalidate_caches()


def skillbox_forget_warm_up(cwd):
    # Undoes what a warm-up run left behind, so the real run starts as from a fresh boot.
    import shutil

    # A directory that is the working directory cannot be removed here.
    os.chdir("/")
    shutil.rmtree(cwd, ignore_errors=True)
    while cwd + "/scripts" in sys.path:
        sys.path.remove(cwd + "/scripts")
    sys.modules.pop("__main__", None)
