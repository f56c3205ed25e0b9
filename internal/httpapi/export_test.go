package httpapi

// CheckText exposes the string rules of decode to the external tests.
var CheckText = checkText
