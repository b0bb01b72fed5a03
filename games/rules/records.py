class CheckReport: pass
class RecordError: pass
def check_record(r): pass
