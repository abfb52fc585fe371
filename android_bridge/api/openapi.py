"""OpenAPI 3.1 document of the bridge API, built from the route table and the pydantic models."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from android_bridge.api.errors import ErrorBody
from android_bridge.api.models import PROTOCOL_VERSION

if TYPE_CHECKING:
    from android_bridge.api.server import Route

_REF = "#/components/schemas/{model}"
_ERROR_TEXT = {
    400: "Malformed or invalid input; `error.field` names the problem",
    401: "Missing, wrong or revoked bearer token",
    403: "The token's role may not use this route (an agent token on an operator route), or it "
    "belongs to another session or agent, or the agent has not joined the session",
    404: "No such session, rule, escalation or path",
    409: "Conflicts with existing state",
    413: "Request body too large",
    421: "The Host header is not a name this daemon answers to (DNS rebinding)",
    502: "The device or mediator failed; nothing was confirmed",
    503: "The audit log cannot be written",
    504: "The request timed out",
}


def _error_response(status: int) -> dict[str, Any]:
    return {
        "description": _ERROR_TEXT.get(status, "Error"),
        "content": {"application/json": {"schema": {"$ref": _REF.format(model="ErrorBody")}}},
    }


def build_spec(routes: Sequence[Route], *, version: str) -> dict[str, Any]:
    pairs: list[tuple[type[BaseModel], Literal["validation", "serialization"]]] = [
        (ErrorBody, "serialization")
    ]
    for r in routes:
        if r.body is not None:
            pairs.append((r.body, "validation"))
        if r.response is not None:
            pairs.append((r.response, "serialization"))
    from android_bridge.api.payloads import PAYLOADS

    # the documented payload of each GUI action, so generated clients know the shapes too
    pairs += [(model, "validation") for model in PAYLOADS.values()]
    pairs = list(dict.fromkeys(pairs))
    keys, top = models_json_schema(pairs, ref_template=_REF)
    components: dict[str, Any] = dict(top.get("$defs", {}))
    action = components.get("ActionRequest")
    if isinstance(action, dict) and isinstance(action.get("properties"), dict):
        payload = action["properties"].get("payload")
        if isinstance(payload, dict):
            payload["description"] = (
                "channel gui: the payload of the action (x-gui-payloads names its schema); "
                "channel api: {command}; channel tool/llm: the tool's arguments (GET /v1/tools)"
            )
            payload["x-gui-payloads"] = {
                name: {"$ref": _REF.format(model=model.__name__)}
                for name, model in PAYLOADS.items()
            }

    def ref(model: type[BaseModel], mode: str) -> dict[str, Any]:
        return dict(keys[(model, mode)])  # type: ignore[index]

    paths: dict[str, dict[str, Any]] = {}
    for r in routes:
        op: dict[str, Any] = {"operationId": r.op_id, "summary": r.summary, "responses": {}}
        params: list[dict[str, Any]] = [
            {
                "name": name,
                "in": "path",
                "required": True,
                "schema": {"type": "string", "minLength": 1},
            }
            for name in re.findall(r"{(\w+)}", r.path)
        ]
        for q in r.query:
            schema: dict[str, Any] = {"type": q.type}
            if q.minimum is not None:
                schema["minimum"] = q.minimum
            if q.maximum is not None:
                schema["maximum"] = q.maximum
            if q.enum:
                schema["enum"] = list(q.enum)
            params.append(
                {
                    "name": q.name,
                    "in": "query",
                    "required": False,
                    "description": q.description,
                    "schema": schema,
                }
            )
        if params:
            op["parameters"] = params
        if r.body is not None:
            op["requestBody"] = {
                "required": r.body_required,
                "content": {"application/json": {"schema": ref(r.body, "validation")}},
            }
        if r.response is not None:
            content = {"application/json": {"schema": ref(r.response, "serialization")}}
        elif r.content_type == "image/png":
            content = {"image/png": {"schema": {"type": "string", "format": "binary"}}}
        else:
            content = {"application/json": {"schema": {"type": "object"}}}
        op["responses"][str(r.status)] = {"description": "OK", "content": content}
        codes = set(r.errors) | {421}
        op["x-droidgate-role"] = r.role
        if r.role == "operator":
            codes |= {401, 403, 504}
            op["security"] = [{"operatorToken": []}]
        elif r.role == "agent":
            codes |= {401, 403, 504}
            op["security"] = [{"agentToken": []}, {"operatorToken": []}]
        else:
            op["security"] = []
        if r.body is not None:
            codes |= {400, 413}
        if r.query:
            codes.add(400)
        for status in sorted(codes):
            op["responses"][str(status)] = _error_response(status)
        paths.setdefault(r.path, {})[r.method.lower()] = op
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "droidgate bridge API",
            "version": version,
            "description": (
                "Every agent action on the device goes through one policy enforcement point. "
                f"Protocol version {PROTOCOL_VERSION}. See docs/bridge-api.md."
            ),
            "x-protocol-version": PROTOCOL_VERSION,
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {
                "operatorToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The operator's token (STATE_DIR/token): every route.",
                },
                "agentToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "An agent token (from POST /v1/sessions or "
                    "POST /v1/sessions/{session}/agents): the agent routes, in its own "
                    "session, as its own agent.",
                },
            },
        },
    }
