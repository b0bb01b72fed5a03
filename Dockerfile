FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY config config
COPY games games
COPY league league
COPY tournaments tournaments
COPY rankings rankings
RUN pip install --no-cache-dir .
COPY . .
RUN SECRET_KEY=build-time-only-never-used-at-run-time python manage.py compile_catalogues
RUN SECRET_KEY=collectstatic-at-build-time-only-never-used-at-run-time STATIC_MANIFEST=true python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
