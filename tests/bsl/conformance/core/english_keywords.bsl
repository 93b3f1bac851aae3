Function Twice(X)
    Return X * 2;
EndFunction

If Twice(2) = 4 Then
    Message("ok");
EndIf;
For Each Item In StrSplit("a,b", ",") Do
    Message(Item);
EndDo;

// ожидается:
// ok
// a
// b
