def record_schema(name):
    return {}
