"""Selling coins through the sandbox provider is a switch: off unless the demo store or the operator
turns it on (its test cards are public)."""
from conftest import Server, free_port


def start(tmp_path, env=None):
    port = free_port()
    return Server(tmp_path, port, env=env, args=("--port", str(port)))


def register(server, name):
    status, _, body = server.request(
        "POST", "/api/v1/auth/register", {"username": name, "email": f"{name}@example.com", "password": "long-enough"})
    assert status == 201
    return body["token"]


def test_without_the_demo_store_no_coins_are_sold(tmp_path):
    server = start(tmp_path)
    try:
        token = register(server, "otto")
        status, headers, wallet = server.request("GET", "/api/v1/wallet", token=token)
        assert status == 200 and wallet["topUps"] is False and wallet["packs"] == []
        assert headers["Cache-Control"] == "no-store"
        status, headers, problem = server.request("POST", "/api/v1/wallet/top-ups", {"packId": "small"}, token=token)
        assert status == 403 and headers["Content-Type"] == "application/problem+json"
        assert "gift code" in problem["detail"]
        assert server.request("GET", "/sandbox/checkout/anything")[0] == 404
        status, _, _ = server.request("POST", "/api/v1/payments/sandbox/capture",
                                      {"topUpId": "x", "providerReference": "y"})
        assert status == 404
    finally:
        server.stop()


def test_sandbox_payments_can_be_turned_on(tmp_path):
    server = start(tmp_path, env={"SOTUBE_PAYMENTS": "sandbox"})
    try:
        token = register(server, "pina")
        status, _, wallet = server.request("GET", "/api/v1/wallet", token=token)
        assert status == 200 and wallet["topUps"] is True and len(wallet["packs"]) == 3
        status, _, created = server.request("POST", "/api/v1/wallet/top-ups", {"packId": "small"}, token=token)
        assert status == 201
        status, headers, page = server.request("GET", created["checkoutUrl"])
        assert status == 200 and headers["Content-Type"].startswith("text/html")
    finally:
        server.stop()
