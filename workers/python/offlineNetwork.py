# Makes Python's network calls fail as CPython's do on a machine with no network. Pyodide's own
# socket layer answers every name with a made-up address and then fails with errno numbers of
# its own; a script's `except socket.gaierror` / `URLError` handling should see what it expects.
import errno
import ipaddress
import socket

_LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def _is_address(host):
    try:
        ipaddress.ip_address(str(host).strip("[]"))
        return True
    except ValueError:
        return False


def _resolvable(host):
    return host is None or host == "" or str(host).lower() in _LOOPBACK_NAMES or _is_address(host)


def _name_error():
    return socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")


def _wrap_lookup(original):
    def lookup(host, *args, **kwargs):
        if isinstance(host, bytes):
            host = host.decode("ascii", "replace")
        if not _resolvable(host):
            raise _name_error()
        return original(host, *args, **kwargs)

    return lookup


def _connect_error(address):
    host = address[0] if isinstance(address, tuple) and address else None
    if not _resolvable(host):
        return _name_error()
    name = str(host).lower()
    if name in _LOOPBACK_NAMES or (_is_address(host) and ipaddress.ip_address(name.strip("[]")).is_loopback):
        return ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
    return OSError(errno.ENETUNREACH, "Network is unreachable")


def _connect(self, address):
    raise _connect_error(address)


def _connect_ex(self, address):
    return _connect_error(address).errno


for _name in ("getaddrinfo", "gethostbyname", "gethostbyname_ex"):
    setattr(socket, _name, _wrap_lookup(getattr(socket, _name)))
socket.socket.connect = _connect
socket.socket.connect_ex = _connect_ex
