"""This computer on the local network: its LAN address, found without sending a packet, loopback names, and the
addresses a server listening on a given host can be opened at."""

import ipaddress
import socket

# Never contacted: connecting a UDP socket only asks the kernel which local address
# would route there. No packet is sent.
_PROBE_ADDRESS = ("10.254.254.254", 9)
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")
#: Hosts that mean "listen on every network of this computer".
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """Return this machine's IPv4 addresses on the local network, without sending any packet."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE_ADDRESS)  # UDP connect: picks a route, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass  # no network at all: only this machine can connect
    return [address for address in dict.fromkeys(found) if is_lan(address)]


def is_lan(address: str) -> bool:
    """Tell whether `address` is a usable, non-loopback IPv4 address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def is_loopback(host: str) -> bool:
    """Tell whether `host` (a name or an address, IPv6 with or without brackets) only reaches this computer."""
    name = host.strip("[]").rstrip(".").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def is_wildcard(host: str) -> bool:
    """Tell whether a server listening on ``host`` listens on every network (``0.0.0.0``, ``::``)."""
    return host.strip("[]") in WILDCARD_HOSTS


def display_host(host: str) -> str:
    """``host`` as it goes in an address: IPv6 in brackets (``[::1]``)."""
    host = host.strip("[]")
    return f"[{host}]" if ":" in host else host


def addresses_to_open(host: str, port: int) -> list[str]:
    """The addresses a browser can open for a server listening on host:port, phones' first.

    Every network: this computer's LAN address (phones on the same Wi-Fi) and 127.0.0.1; a given
    address: that one only, since the server answers nowhere else.
    """
    hosts = [*lan_addresses(), "127.0.0.1"] if is_wildcard(host) else [host]
    return [f"http://{display_host(h)}:{port}/" for h in hosts]
