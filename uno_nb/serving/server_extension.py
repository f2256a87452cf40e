"""A Jupyter Server extension: Voilà's pages under Jupyter Server, as Binder
serves "open as a web app", behave like the standalone app's (uno_nb.serving.webapp).

Enabled by the server config that ``binder/postBuild`` writes
(``ServerApp.jpserver_extensions``: ``{"uno_nb.serving.server_extension": true}``);
installing the package alone enables nothing.  It sets two of Voilà's hooks
(``VoilaConfiguration.prelaunch_hook`` and ``page_config_hook``), keeping any
hook already configured:

* a notebook page sets the ``_xsrf`` cookie.  Voilà's page, when it is
  closed, asks the server to shut its kernel down and sends that cookie's
  value along; the server extension's pages never set it, so the request was
  refused (``403 … '_xsrf' argument missing``) and every page a student left
  kept its kernel running until culling;
* the kit's pages load no MathJax.  Under Jupyter Server, Voilà gives its
  pages MathJax 2 from a CDN (the Voilà app gives none); an offline classroom
  cannot reach it, and the notebooks have no formulas.

Jupyter Server loads extensions in the alphabetical order of their names
(``ExtensionManager.sorted_extensions``), so this one comes before
``voila.server_extension`` and sets the hooks in the configuration Voilà's
extension reads; should Voilà's be loaded first all the same, the hooks are
set on its live configuration instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

if TYPE_CHECKING:
    from jupyter_server.serverapp import ServerApp
    from nbformat import NotebookNode
    from tornado.web import Application, RequestHandler
    from voila.configuration import VoilaConfiguration

__all__ = ["set_xsrf_cookie", "without_mathjax"]

TEMPLATE = "uno_nb"

#: A page-config hook: the page config (and Voilà's other arguments, by
#: keyword) in, the page config out.
PageConfigHook = Callable[..., dict[str, Any]]


class PrelaunchHook(Protocol):
    """Voilà's prelaunch hook: called with the page's request handler, the
    notebook and its folder before a kernel starts; may return a changed
    notebook."""

    def __call__(self, handler: RequestHandler, notebook: NotebookNode, cwd: str) -> Any: ...


_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def _ours(hook: _Hook) -> _Hook:
    """Mark ``hook`` as set by this extension, so that it is not chained twice."""
    setattr(hook, "uno_nb_hook", True)
    return hook


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "uno_nb.serving.server_extension"}]


@_ours
def set_xsrf_cookie(handler: RequestHandler, notebook: NotebookNode | None = None,
                    cwd: str | None = None, **_: Any) -> None:
    """Voilà's prelaunch hook: reading ``xsrf_token`` sets the cookie on the
    page's response (the hook runs before the page's first byte is sent)."""
    handler.xsrf_token  # noqa: B018


@_ours
def without_mathjax(page_config: dict[str, Any],
                    voila_configuration: VoilaConfiguration | None = None,
                    **_: Any) -> dict[str, Any]:
    """Voilà's page-config hook: on the kit's pages, no MathJax URL, as the
    Voilà app has it (the page loads MathJax only when one is given)."""
    if voila_configuration is None or voila_configuration.template == TEMPLATE:
        page_config["fullMathjaxUrl"] = None
        page_config["mathjaxConfig"] = None
    return page_config


def _chain_prelaunch(first: PrelaunchHook | None) -> PrelaunchHook:
    """``set_xsrf_cookie`` after ``first``, a hook configured before."""
    if first is None:
        return set_xsrf_cookie
    if getattr(first, "uno_nb_hook", False):  # ours already (loaded twice)
        return first

    @_ours
    def hook(handler: RequestHandler, notebook: NotebookNode, cwd: str) -> Any:
        changed = first(handler, notebook=notebook, cwd=cwd)
        set_xsrf_cookie(handler)
        return changed

    return hook


def _chain_page_config(first: PageConfigHook | None) -> PageConfigHook:
    """``without_mathjax`` after ``first``, a hook configured before."""
    if first is None:
        return without_mathjax
    if getattr(first, "uno_nb_hook", False):
        return first

    @_ours
    def hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return without_mathjax(first(page_config, **kwargs), **kwargs)

    return hook


def _loaded_voila_configurations(web_app: Application) -> list[VoilaConfiguration]:
    """The VoilaConfiguration objects of Voilà's handlers already routed."""
    from voila.handler import VoilaHandler

    found: list[VoilaConfiguration] = []
    rules = list(web_app.default_router.rules)
    while rules:
        rule = rules.pop()
        target = rule.target
        if hasattr(target, "rules"):  # the router of a host pattern
            rules.extend(target.rules)
        elif isinstance(target, type) and issubclass(target, VoilaHandler):
            configuration = (rule.target_kwargs or {}).get("voila_configuration")
            if configuration is not None and all(configuration is not c for c in found):
                found.append(configuration)
    return found


def _load_jupyter_server_extension(server_app: ServerApp) -> None:
    # the configuration Voilà's extension will read (a traitlets Config
    # section: a key never set reads as a placeholder, hence the `in`)
    section = server_app.config.VoilaConfiguration
    section.prelaunch_hook = _chain_prelaunch(
        section["prelaunch_hook"] if "prelaunch_hook" in section else None)
    section.page_config_hook = _chain_page_config(
        section["page_config_hook"] if "page_config_hook" in section else None)
    # and Voilà's own, had it been loaded first
    for configuration in _loaded_voila_configurations(server_app.web_app):
        configuration.prelaunch_hook = _chain_prelaunch(configuration.prelaunch_hook)
        configuration.page_config_hook = _chain_page_config(configuration.page_config_hook)
    server_app.log.info("uno_nb: Voilà pages set the _xsrf cookie; the kit's pages load no MathJax")
