"""The HTTP API through a real socket, the way curl or an app sees it."""
import json

from openapi_spec_validator import validate


def test_openapi_document_is_valid_openapi_3_1(server):
    status, headers, document = server.request("GET", "/openapi.json")
    assert status == 200
    assert document["openapi"].startswith("3.1")
    validate(document)
    assert "/api/v1/auth/register" in document["paths"]


def test_account_flow_over_http(server):
    status, _, registered = server.request(
        "POST", "/api/v1/auth/register", {"username": "zoe", "email": "zoe@example.com", "password": "first-pass"})
    assert status == 201
    token = registered["token"]
    status, headers, login = server.request("POST", "/api/v1/auth/login",
                                            {"username": "zoe", "password": "first-pass", "remember": True})
    assert status == 200
    cookies = headers.get_all("Set-Cookie")
    assert any(c.startswith("sotube_session=") and "HttpOnly" in c and "Max-Age" in c for c in cookies)
    status, _, me = server.request("GET", "/api/v1/me", token=login["token"])
    assert status == 200 and me["username"] == "zoe" and me["coins"] == 0
    status, _, _ = server.request("PUT", "/api/v1/me/password",
                                  {"currentPassword": "first-pass", "newPassword": "second-pass"}, token=login["token"])
    assert status == 204
    status, headers, problem = server.request("GET", "/api/v1/me", token=token)
    assert status == 401 and headers["Content-Type"] == "application/problem+json"
    assert server.request("POST", "/api/v1/auth/logout", token=login["token"])[0] == 204
    assert server.request("GET", "/api/v1/me", token=login["token"])[0] == 401


def test_bad_input_gets_problem_documents_and_changes_nothing(server):
    cases = [
        (b'{"username": "x"', 400, None),
        (json.dumps({"username": "yan", "password": "long-enough"}).encode(), 422, "email"),
        (json.dumps({"username": ["yan"], "email": "y@example.com", "password": "long-enough"}).encode(), 422,
         "username"),
        (b'{"username":"yan","email":"y@example.com","password":"' + b"x" * (10 * 1024 * 1024) + b'"}', 413, None),
    ]
    for raw, expected, field in cases:
        status, headers, problem = server.request("POST", "/api/v1/auth/register", raw=raw)
        assert status == expected, (raw[:40], status, problem)
        assert headers["Content-Type"] == "application/problem+json"
        assert problem["status"] == expected and problem["detail"]
        if field:
            assert problem["field"] == field
    status, headers, problem = server.request("GET", "/api/v1/no/such/route")
    assert status == 404 and problem["title"] == "Not Found"
    assert server.request("POST", "/api/v1/auth/login", {"username": "yan", "password": "long-enough"})[0] == 401
