from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz
from config.not_found import page_not_found
from league.forms_accounts import AdminLoginForm, LoginForm
from league.views_language import set_language

# Both login pages count failures and lock out guessing (league.services.logins).
admin.site.login_form = AdminLoginForm
handler404 = page_not_found


def favicon(request):
    """Browsers ask for /favicon.ico on pages without an icon link (the admin, the API).
    Not permanent: the icon's hashed static name changes when the icon does."""
    return redirect(static("img/favicon.svg"))


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm),
         name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The language switcher (Django's set_language, which also saves a person's choice).
    path("i18n/setlang/", set_language, name="set_language"),
    path("", include("config.urls_accounts")),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file, which the CSP allows.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
         name="api-docs"),
    path("", include("tournaments.urls_organiser")),
    path("", include("tournaments.urls_calendar")),
    path("", include("league.urls_notices")),
    path("", include("tournaments.urls")),
    path("", include("rankings.urls_archive")),
    path("", include("rankings.urls_rating_pages")),
    path("", include("league.urls_federations")),
    path("", include("rankings.urls_federations")),
    path("", include("rankings.urls_reviews")),
    path("", include("rankings.urls")),
]
