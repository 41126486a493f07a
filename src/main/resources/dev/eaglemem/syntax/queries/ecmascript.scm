; JavaScript, TypeScript and TSX alike: declarations, imports and calls for dev.eaglemem.syntax
; (capture vocabulary: TreeReader). Only node types all three grammars share.

(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (_) @name) @def.class
(class_body (method_definition name: (_) @name) @def.method)
; const total = (items) => …, var f = function () {…}
(lexical_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @def.function
(variable_declaration
  (variable_declarator name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @def.function
; module.exports.total = function () {…}, Cart.prototype.total = () => … (at the top level only: inside a function
; such an assignment is rather a callback being set)
(program
  (expression_statement
    (assignment_expression
      left: (member_expression property: (property_identifier) @name)
      right: [(arrow_function) (function_expression)])) @def.function)
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @def.constant.upper)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @def.constant.upper))

(import_statement source: (string) @import) @preamble
(export_statement source: (string) @import) @preamble
(lexical_declaration
  (variable_declarator
    value: (call_expression function: (identifier) @_fn arguments: (arguments . (string) @import)))) @preamble
(expression_statement
  (call_expression function: (identifier) @_fn arguments: (arguments . (string) @import))) @preamble
(call_expression function: (identifier) @_fn arguments: (arguments . (string) @import))
(call_expression function: (import) arguments: (arguments . (string) @import))
(program . (expression_statement (string)) @preamble) ; 'use strict'

(call_expression function: (identifier) @call)
(call_expression function: (member_expression property: (property_identifier) @call))
(new_expression constructor: (identifier) @call)

(ERROR) @error
