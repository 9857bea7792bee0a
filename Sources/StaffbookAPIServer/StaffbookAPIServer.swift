// The server side of the contract (`APIProtocol.registerHandlers`) is generated into this target
// at build time from openapi.yaml; the types it reads and writes come from StaffbookAPI, the
// same module the client uses.
