"""Raw `/rest` calls and validation of JSON answers against the OpenSubsonic schemas, read from
../shared/vendor/open-subsonic-api/openapi (never copied into the project)."""
import hashlib
import json
import os
import secrets
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMAS = Path(os.environ.get("OPENSUBSONIC_SCHEMAS", ROOT.parent / "shared" / "vendor" / "open-subsonic-api" / "openapi"))
NS = "{http://subsonic.org/restapi}"


def token_auth(username, secret):
    salt = secrets.token_hex(8)
    return {"u": username, "t": hashlib.md5((secret + salt).encode()).hexdigest(), "s": salt}


def rest(base, method, params=None, auth=None, fmt="json", post=False, headers=None, view=False):
    """(status, headers, body bytes) of one call; `auth` is a dict of credential parameters."""
    query = {"v": "1.16.1", "c": "pytest", **({"f": fmt} if fmt else {}), **(auth or {})}
    pairs = list(query.items())
    for key, value in (params or {}).items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((key, str(item)))
    encoded = urllib.parse.urlencode(pairs)
    path = f"{base}/rest/{method}{'.view' if view else ''}"
    if post:
        request = urllib.request.Request(path, data=encoded.encode(), method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
    else:
        request = urllib.request.Request(f"{path}?{encoded}")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def call(base, method, params=None, auth=None, **options):
    """The JSON envelope (`subsonic-response`) of a call, validated against the method's schema."""
    status, headers, body = rest(base, method, params, auth, **options)
    assert status == 200, (status, body[:300])
    assert headers["Content-Type"].startswith("application/json"), headers["Content-Type"]
    document = json.loads(body)
    validate(method, document)
    return document["subsonic-response"]


def call_xml(base, method, params=None, auth=None):
    status, headers, body = rest(base, method, params, auth, fmt=None)
    assert status == 200 and "xml" in headers["Content-Type"], (status, headers["Content-Type"])
    root = ET.fromstring(body)
    assert root.tag == NS + "subsonic-response"
    return root


def error_code(envelope):
    assert envelope["status"] == "failed", envelope
    return envelope["error"]["code"]


def _retrieve(uri):
    path = Path(urllib.parse.urlparse(uri).path)
    return Resource.from_contents(json.loads(path.read_text()), default_specification=DRAFT202012)


REGISTRY = Registry(retrieve=_retrieve)


@lru_cache(maxsize=None)
def validator(method):
    endpoint = SCHEMAS / "endpoints" / f"{method}.json"
    where = endpoint.as_uri()
    answer = json.loads(endpoint.read_text())["get"]["responses"]["200"]
    if "$ref" in answer:  # a shared response (the empty envelope of ping, star, scrobble ...)
        where = urllib.parse.urljoin(where, answer["$ref"])
        answer = json.loads(Path(urllib.parse.urlparse(where).path).read_text())
    schema = answer["content"]["application/json"]["schema"]
    reference = urllib.parse.urljoin(where, schema["$ref"])
    return Draft202012Validator({"$ref": reference}, registry=REGISTRY)


def validate(method, document):
    errors = sorted(validator(method).iter_errors(document), key=lambda e: list(e.path))
    assert not errors, f"{method}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
