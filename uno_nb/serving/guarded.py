"""The kit's websocket guard (:mod:`.flood`) as a class a Jupyter server is
configured with by name: ``ServerApp.kernel_websocket_connection_class =
"uno_nb.serving.guarded.GuardedConnection"``.

The web app (``make app``) builds its own, with the limits of its command
line; a pupil's server on a JupyterHub (:mod:`uno_nb.serving.hub`) has no
launcher of the kit's, so its config names this one, with the default
limits: a page that floods its kernel is slowed, then closed, whoever's
server it is.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from .flood import guarded_connection

__all__ = ["GuardedConnection"]

GuardedConnection = guarded_connection(ZMQChannelsWebsocketConnection)
