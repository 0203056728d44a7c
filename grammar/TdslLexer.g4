// tdsl lexer: Python's lexical structure, for the subset in DESIGN.md §1.2.
//
// Note [Indentation tokens]
// This grammar only produces raw NEWLINE tokens (a line break plus the next
// line's leading whitespace). The superclass TdslLexerBase
// (src/frontend/antlr_base.h) turns them into Python's token stream: it drops
// NEWLINEs inside (), [] and {} and on blank or comment-only lines, emits
// INDENT/DEDENT when the indentation changes, and closes the file with
// NEWLINE + DEDENTs. It also checks brackets (unmatched closers, unclosed
// openers, nesting depth) and reports the *_ERROR tokens below, so the parser
// never sees a malformed token.
//
// Differences from Python: no bytes literals, no complex literals, no
// non-decimal floats; f-string fields may not contain the quote character of
// the f-string (as in Python < 3.12). See grammar/NOTES.md.
lexer grammar TdslLexer;

options { superClass = TdslLexerBase; }

tokens { INDENT, DEDENT }

@lexer::postinclude {
#include "frontend/antlr_base.h"
}

// Keywords of the subset.
DEF: 'def';
RETURN: 'return';
IF: 'if';
ELIF: 'elif';
ELSE: 'else';
WHILE: 'while';
FOR: 'for';
IN: 'in';
NOT: 'not';
AND: 'and';
OR: 'or';
IS: 'is';
NONE: 'None';
TRUE: 'True';
FALSE: 'False';
LAMBDA: 'lambda';
PASS: 'pass';
BREAK: 'break';
CONTINUE: 'continue';
IMPORT: 'import';
FROM: 'from';
AS: 'as';
GLOBAL: 'global';
ASSERT: 'assert';
// The object model and exceptions (docs/language.md).
CLASS: 'class';
TRY: 'try';
EXCEPT: 'except';
FINALLY: 'finally';
RAISE: 'raise';
WITH: 'with';

// Keywords of issue 15's language additions (lang2): defined before
// UNSUPPORTED_KEYWORD so that they win over its alternatives.
YIELD: 'yield';
DEL: 'del';
NONLOCAL: 'nonlocal';
// Valid Python literals outside tdsl (complex numbers, bytes): one token
// each, reported by the superclass as not supported, never "invalid syntax".
UNSUPPORTED_LITERAL_ERROR
  : (INTEGER | FLOAT) [jJ]
  | ([bB] [rR]? | [rR] [bB]) (SHORT_STRING | LONG_STRING)
  ;

// Python keywords outside the subset: reserved, so that a script that uses
// them fails here as it would under Python, with a message naming them.
UNSUPPORTED_KEYWORD
  : 'async' | 'await'
  ;

// Literals. Numbers keep their text (with '_'); the AST builder converts them.
FLOAT
  : DIGIT_PART? '.' DIGIT_PART EXPONENT?
  | DIGIT_PART '.' EXPONENT?
  | DIGIT_PART EXPONENT
  ;
INTEGER
  : [1-9] ('_'? [0-9])*
  | '0' ('_'? '0')*
  | '0' [xX] ('_'? [0-9a-fA-F])+
  | '0' [oO] ('_'? [0-7])+
  | '0' [bB] ('_'? [01])+
  ;

// Strings keep prefix and quotes; the builder decodes escapes (Note [Strings]
// in src/frontend/literals.h). A string ends at the first unescaped matching
// quote, so a terminated string always beats the error tokens below.
STRING: STRING_PREFIX? (SHORT_STRING | LONG_STRING);
FSTRING: FSTRING_PREFIX (SHORT_STRING | LONG_STRING);

// A quote with no closing quote on its line.
UNTERMINATED_STRING_ERROR
  : (STRING_PREFIX | FSTRING_PREFIX)? ('\'' SQ_CHAR* | '"' DQ_CHAR*)
  ;

NAME: ID_START ID_CONTINUE*;

// Operators and delimiters. Brackets are named: the superclass tracks them.
LPAR: '(';
RPAR: ')';
LSQB: '[';
RSQB: ']';
LBRACE: '{';
RBRACE: '}';
ELLIPSIS: '...';
DOT: '.';
COMMA: ',';
COLON: ':';
SEMI: ';';
ARROW: '->';

ASSIGN: '=';
ADD_ASSIGN: '+=';
SUB_ASSIGN: '-=';
MUL_ASSIGN: '*=';
DIV_ASSIGN: '/=';
IDIV_ASSIGN: '//=';
MOD_ASSIGN: '%=';
POW_ASSIGN: '**=';
AT_ASSIGN: '@=';
AND_ASSIGN: '&=';
OR_ASSIGN: '|=';
XOR_ASSIGN: '^=';
LSHIFT_ASSIGN: '<<=';
RSHIFT_ASSIGN: '>>=';

POWER: '**';
STAR: '*';
AT: '@';
IDIV: '//';
DIV: '/';
MOD: '%';
ADD: '+';
MINUS: '-';
TILDE: '~';
LSHIFT: '<<';
RSHIFT: '>>';
AMP: '&';
CARET: '^';
PIPE: '|';

EQ: '==';
NE: '!=';
LE: '<=';
GE: '>=';
LT: '<';
GT: '>';

// A line break and the indentation of the next line (Note [Indentation tokens]).
NEWLINE: ('\r'? '\n' | '\r') [ \t\f]*;

SKIP_
  : ( [ \t\f]+                                  // spaces between tokens
    | '#' ~[\r\n]*                               // comments
    | '\\' [ \t]* ('\r'? '\n' | '\r')            // explicit line joining
    ) -> skip
  ;

// Anything else: reported as "invalid character" by the superclass.
ERROR_CHAR: .;

fragment DIGIT_PART: [0-9] ('_'? [0-9])*;
fragment EXPONENT: [eE] [+-]? DIGIT_PART;

fragment STRING_PREFIX: [rRuU];
fragment FSTRING_PREFIX: [fF] | [fF] [rR] | [rR] [fF];
fragment SHORT_STRING: '\'' SQ_CHAR* '\'' | '"' DQ_CHAR* '"';
fragment SQ_CHAR: ~[\\\r\n'] | ESCAPE;
fragment DQ_CHAR: ~[\\\r\n"] | ESCAPE;
fragment LONG_STRING: '\'\'\'' LONG_CHAR*? '\'\'\'' | '"""' LONG_CHAR*? '"""';
fragment LONG_CHAR: ~'\\' | ESCAPE;
// Any escaped character, including a line break (a continued string). The
// meaning of each escape is the builder's business.
fragment ESCAPE: '\\' ('\r\n' | .);

fragment ID_START: [\p{L}\p{Nl}_];
fragment ID_CONTINUE: [\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}];
