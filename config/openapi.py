"""OpenAPI post-processing: the answers every operation can give, documented once.

drf-spectacular documents what each view declares. Some answers come from layers every
request passes through (authentication, throttling, content negotiation, the body parsers,
conditional GET), so they are added here for every operation instead of per view.
"""

ERROR = {"$ref": "#/components/schemas/Error"}

# status -> (description, applies to) ; applies to: "all", "read" or "body"
COMMON = {
    "304": ("Not modified: the If-None-Match ETag still matches.", "read"),
    "400": ("The request is malformed (query string, header or body); `detail` says where.",
            "all"),
    "401": ("The credentials sent are not valid (unknown or revoked token).", "all"),
    "403": ("Not allowed for this user or token, or the CSRF check of a session failed.",
            "body"),
    "404": ("Not found, or not visible to you.", "all"),
    "406": ("No representation matches the Accept header.", "all"),
    "413": ("The body is larger than the server accepts.", "body"),
    "415": ("The body's content type is not accepted.", "body"),
    "429": ("Too many requests or failed logins from this address; see Retry-After.",
            "all"),
}

_BODY_METHODS = {"post", "put", "patch", "delete"}


def _applies(kind: str, method: str) -> bool:
    if kind == "all":
        return True
    if kind == "read":
        return method == "get"
    return method in _BODY_METHODS


def document_common_responses(result, generator, request, public):
    """A drf-spectacular postprocessing hook: add the shared answers an operation lacks."""
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            responses = operation.get("responses")
            if responses is None:
                continue
            for status, (description, kind) in COMMON.items():
                if status in responses or not _applies(kind, method):
                    continue
                answer = {"description": description}
                if status != "304":
                    answer["content"] = {"application/json": {"schema": ERROR}}
                responses[status] = answer
    return result
