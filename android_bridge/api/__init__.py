"""The bridge API: HTTP (aiohttp) front end over one BridgeService, its OpenAPI spec and client."""
