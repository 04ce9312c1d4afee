// The in-memory stores live in the SoTubeFakes module (the store contract suite runs them too);
// every controller test here sees them without importing it.
@_exported import SoTubeFakes
