"""The Socket.IO packet class the server uses: JSON only, no search for binary data.

python-socketio checks every outgoing payload for bytes, item by item in Python, to send them
as binary attachments; it cost about a third of an action's server CPU (issue 13). Castaways
never sends bytes (every payload is JSON), so the check is switched off with the flag the
library has for it, `uses_binary_events`. Decoding what clients send is unchanged.
"""
from socketio import packet


class JsonPacket(packet.Packet):
    uses_binary_events = False
