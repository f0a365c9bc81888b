package dev.gpudra.api.schema;

/** A Java type the schema generator cannot describe (a programming error in a model). */
public final class UnsupportedSchemaTypeException extends RuntimeException {
  UnsupportedSchemaTypeException(String where, java.lang.reflect.Type type) {
    super(where + ": no OpenAPI schema for the Java type " + type.getTypeName());
  }
}
