"""``coachgym serve``: coach a game in the browser.

``create_app(db_path=..., max_games=...)`` builds the FastAPI app (``app.py``); pages in
``views.py``, the JSON API in ``api.py``, games in progress in ``live.py`` (the SQLite store),
errors in ``errors.py``, the new-game form in ``forms.py``, the FUBA board drawing in ``board.py``.
Needs the ``web`` extra (fastapi, uvicorn, jinja2, python-multipart).
"""

from .app import create_app

__all__ = ["create_app"]
