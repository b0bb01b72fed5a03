"""Errors that mean "the database connection failed", however they reach us.

Django wraps the driver's errors in its own classes, but a driver error can also come
through unwrapped (a cursor iterated after the connection was cut, as in a ratings replay).
Both kinds are worth a retry in seconds: the next connection usually works.
"""

import psycopg
from django.db import InterfaceError, OperationalError

DATABASE_ERRORS = (OperationalError, InterfaceError, psycopg.OperationalError,
                   psycopg.InterfaceError)
