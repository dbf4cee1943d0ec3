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


def _print_uncaught(error, script):
    # Drop the frames of this runner so the traceback reads as python3's would.
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != script:
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb)


def skillbox_run(script_path, args, env, cwd):
    os.environ.clear()
    os.environ.update(env)
    for directory in (env.get("HOME"), env.get("TMPDIR")):
        if directory:
            os.makedirs(directory, exist_ok=True)
    os.chdir(cwd)
    script = os.path.join(cwd, script_path)
    sys.argv = [script_path, *args]
    sys.path.insert(0, os.path.dirname(script))
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__builtins__ = builtins
    main.__cached__ = None
    sys.modules["__main__"] = main
    os._exit = _process_exit
    try:
        with open(script, "rb") as source:
            code = compile(source.read(), script, "exec", dont_inherit=True)
        exec(code, main.__dict__)
        status = 0
    except _ProcessExit as exit_request:
        status = exit_request.args[0] & 0xFF
    except SystemExit as exit_request:
        status = _exit_status(exit_request.code)
    except BaseException as error:  # noqa: BLE001 - an uncaught error of any kind exits 1
        _print_uncaught(error, script)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a script may have replaced or closed the stream
            pass
    return status


def skillbox_forget_warm_up(cwd):
    # Undoes what a warm-up run left behind, so the real run starts as from a fresh boot.
    import shutil

    # A directory that is the working directory cannot be removed here.
    os.chdir("/")
    shutil.rmtree(cwd, ignore_errors=True)
    while cwd + "/scripts" in sys.path:
        sys.path.remove(cwd + "/scripts")
    sys.modules.pop("__main__", None)
