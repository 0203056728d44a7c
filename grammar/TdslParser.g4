// tdsl parser: the Python subset of DESIGN.md §1.2. Rule names follow
// CPython's old LL(1) Grammar/Grammar where they correspond, so that the AST
// builder (src/frontend/parser.cpp) reads like CPython's ast.c.
//
// Every decision here is LL(1) or LL(2); ambiguities Python resolves after the
// fact (what may stand left of '=', keyword arguments, parameter order) are
// accepted broadly and checked by the builder, which gives Python's messages.
// Binary operators use one left-recursive rule; the builder walks its left
// spine iteratively (Note [Deep input] in src/frontend/parser.cpp).
parser grammar TdslParser;

options {
  tokenVocab = TdslLexer;
  superClass = TdslParserBase;
}

@parser::postinclude {
#include "frontend/antlr_base.h"
}

// Entry points: a script, and the expression of an f-string field.
file_input: (NEWLINE | stmt)* EOF;
eval_input: testlist EOF;

stmt: simple_stmts | compound_stmt;
simple_stmts: simple_stmt (SEMI simple_stmt)* SEMI? NEWLINE;
simple_stmt
  : expr_stmt
  | PASS
  | BREAK
  | CONTINUE
  | return_stmt
  | import_stmt
  | global_stmt
  | assert_stmt
  | raise_stmt
  | yield_expr
  | del_stmt
  | nonlocal_stmt
  ;

// a = b = v (chain of '='), a += v, or a bare expression.
expr_stmt: testlist (annassign | augassign (yield_expr | testlist) | (ASSIGN (yield_expr | testlist))*);
// x: int = 3 (annotations are parsed and ignored).
annassign: COLON test (ASSIGN (yield_expr | testlist))?;
augassign
  : ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN | DIV_ASSIGN | IDIV_ASSIGN | MOD_ASSIGN
  | POW_ASSIGN | AT_ASSIGN | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN
  | LSHIFT_ASSIGN | RSHIFT_ASSIGN
  ;
return_stmt: RETURN testlist?;
global_stmt: GLOBAL NAME (COMMA NAME)*;
assert_stmt: ASSERT test (COMMA test)?;
// yield, yield x, yield a, b, yield from g.
yield_expr: YIELD (FROM test | testlist)?;
del_stmt: DEL exprlist;
nonlocal_stmt: NONLOCAL NAME (COMMA NAME)*;

import_stmt
  : IMPORT dotted_as_name (COMMA dotted_as_name)*                      # importName
  | FROM dotted_name IMPORT ( LPAR import_as_names COMMA? RPAR
                            | import_as_names )                       # importFrom
  ;
dotted_as_name: dotted_name (AS NAME)?;
import_as_names: import_as_name (COMMA import_as_name)*;
import_as_name: NAME (AS NAME)?;
dotted_name: NAME (DOT NAME)*;

compound_stmt: if_stmt | while_stmt | for_stmt | funcdef | classdef | try_stmt | with_stmt;
if_stmt: IF test COLON block (ELIF test COLON block)* (ELSE COLON block)?;
while_stmt: WHILE test COLON block (ELSE COLON block)?;
for_stmt: FOR exprlist IN testlist COLON block (ELSE COLON block)?;
funcdef: decorator* DEF NAME LPAR params? RPAR (ARROW test)? COLON block;
decorator: AT test NEWLINE;
params: param (COMMA param)* COMMA?;
// a, b: int = 1, *args, c, **kwargs; a bare `*` starts keyword-only ones.
param: NAME (COLON test)? (ASSIGN test)? | STAR (NAME (COLON test)?)? | POWER NAME (COLON test)?;
lambda_param: NAME (ASSIGN test)? | STAR NAME? | POWER NAME;
// The object model and exceptions (docs/language.md).
classdef: decorator* CLASS NAME (LPAR (test (COMMA test)* COMMA?)? RPAR)? COLON block;
try_stmt
  : TRY COLON block ( except_clause+ (ELSE COLON block)? (FINALLY COLON block)?
                    | FINALLY COLON block )
  ;
except_clause: EXCEPT (test (AS NAME)?)? COLON block;
with_stmt: WITH with_item (COMMA with_item)* COLON block;
with_item: test (AS expr)?;
raise_stmt: RAISE (test (FROM test)?)?;

block: simple_stmts | NEWLINE INDENT stmt+ DEDENT;

// Expressions, loosest first.
test: or_test (IF or_test ELSE test)? | lambdef;
lambdef: LAMBDA lambda_params? COLON test;
lambda_params: lambda_param (COMMA lambda_param)* COMMA?;
or_test: and_test (OR and_test)*;
and_test: not_test (AND not_test)*;
not_test: NOT not_test | comparison;
comparison: expr (comp_op expr)*;
comp_op: LT | GT | EQ | GE | LE | NE | IN | NOT IN | IS | IS NOT;

// Earlier alternatives bind tighter. `-x ** 2` is -(x ** 2); `2 ** -1` works
// because a prefix operator may start any operand.
expr
  : primary                                            # atomExpr
  | <assoc=right> expr op=POWER expr                   # binary
  | op=(MINUS | ADD | TILDE) expr                      # unary
  | expr op=(STAR | AT | DIV | IDIV | MOD) expr        # binary
  | expr op=(ADD | MINUS) expr                         # binary
  | expr op=(LSHIFT | RSHIFT) expr                     # binary
  | expr op=AMP expr                                   # binary
  | expr op=CARET expr                                 # binary
  | expr op=PIPE expr                                  # binary
  ;

// a.b(c)[d]: a flat list of trailers, not a nesting.
primary: atom trailer*;
trailer
  : LPAR arglist? RPAR                                 # callTrailer
  | LSQB subscriptlist RSQB                            # subscriptTrailer
  | DOT NAME                                           # attrTrailer
  ;
atom
  : LPAR testlist_comp? RPAR                           # parenAtom
  | LPAR yield_expr RPAR                               # yieldAtom
  | LSQB testlist_comp? RSQB                           # listAtom
  | LBRACE dictorsetmaker? RBRACE                       # dictAtom
  | NAME                                               # nameAtom
  | INTEGER                                            # intAtom
  | FLOAT                                              # floatAtom
  | (STRING | FSTRING)+                                # stringAtom
  | ELLIPSIS                                           # ellipsisAtom
  | NONE                                               # noneAtom
  | TRUE                                               # trueAtom
  | FALSE                                              # falseAtom
  ;

// (x), (x,), (x, y), [x, y], [x for ...]; a comprehension only inside [].
testlist_comp: test_or_star (comp_for | (COMMA test_or_star)* COMMA?);
// for x in a if c for y in b ...: the clauses are a flat list.
comp_for: FOR exprlist IN or_test comp_clause*;
comp_clause: FOR exprlist IN or_test | IF or_test;
// {k: v, ...}, {k: v for ...}, {a, b}, {a for ...}: LL(1) after the first test.
dictorsetmaker
  : test ( COLON test (comp_for | (COMMA test COLON test)* COMMA?)
         | comp_for
         | (COMMA test)* COMMA? )
  ;

arglist: argument (COMMA argument)* COMMA?;
argument: NAME ASSIGN test | test comp_for? | STAR test | POWER test;
subscriptlist: subscript (COMMA subscript)* COMMA?;
// LL(1): `test` first, then an optional slice tail (a prefix decision over a
// whole `test` would need unbounded lookahead).
subscript: test (COLON test? (COLON test?)?)? | COLON test? (COLON test?)?;

exprlist: expr_or_star (COMMA expr_or_star)* COMMA?;
testlist: test_or_star (COMMA test_or_star)* COMMA?;
// *rest in targets, *xs in displays.
star_expr: STAR expr;
expr_or_star: expr | star_expr;
test_or_star: test | star_expr;
