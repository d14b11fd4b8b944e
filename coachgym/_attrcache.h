/* coachgym compile: a cache at each place of the generated C that reads or assigns an attribute by name
   (coachgym/compiled.py ATTR_CACHE, docs/speed.md "The compiled engines").

   A place remembers the class of the object it last met, that class's version tag (CPython gives a
   class a new tag whenever it or any class it inherits from changes) and what CPython's generic lookup
   found on the classes for this name:
     __CG_DICT  nothing: the generic lookup reads (or stores in) the instance dictionary alone;
     __CG_SLOT  a __slots__ member (a plain object slot): the generic lookup reads (or stores) the
                object's slot at its offset.
   While the class and its tag are the same, such a place does that directly; everything else (another
   class, a changed class, any other descriptor or class attribute, __getattr__, attributes still kept
   inline, a missing value, a deletion) takes the generic lookup, and a different class refills the
   place. The layout read here is CPython 3.11's: the build includes this file only for CPython 3.11 and
   a GNU C compiler (compiled.attr_cache_offered), and refuses to compile it anywhere else. */
#if !(defined(__GNUC__) && !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000)
#error "coachgym/_attrcache.h reads CPython 3.11's object layout with GNU C; it is not offered here"
#endif
#include "structmember.h"

enum { __CG_GENERIC = 0, __CG_DICT = 1, __CG_SLOT = 2 };
typedef struct { PyTypeObject *tp; unsigned int tag; int kind; Py_ssize_t offset; } __cg_attr_site;

/* what the classes of ``tp`` hold under ``name``, for a place that reads (or assigns) it */
__attribute__((unused)) static void __cg_fill(__cg_attr_site *site, PyTypeObject *tp, PyObject *name) {
    PyObject *descr = _PyType_Lookup(tp, name);  /* (gives the class a valid version tag) */
    int kind = __CG_GENERIC;
    Py_ssize_t offset = 0;
    if (descr == NULL) {
        if (tp->tp_flags & Py_TPFLAGS_MANAGED_DICT) {
            kind = __CG_DICT;
        }
    } else if (Py_TYPE(descr) == &PyMemberDescr_Type) {
        PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
        if (m->type == T_OBJECT_EX && m->flags == 0 && PyType_IsSubtype(tp, ((PyDescrObject *)descr)->d_type)) {
            kind = __CG_SLOT;
            offset = m->offset;
        }
    }
    if (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) {
        site->tp = tp;
        site->tag = tp->tp_version_tag;
        site->kind = kind;
        site->offset = offset;
    }
}

/* the place last asked this very class, unchanged since (no class in its MRO changed) */
static inline int __cg_valid(const __cg_attr_site *site, PyTypeObject *tp) {
    return tp == site->tp && tp->tp_version_tag == site->tag && (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG);
}

/* the instance dictionary of an object of a managed-dictionary class, or NULL where there is none or
   its attributes are still kept inline (CPython 3.11: the values pointer at -4, the dict at -3) */
static inline PyObject *__cg_instance_dict(PyObject *obj) {
    return ((void **)obj)[-4] == NULL ? ((PyObject **)obj)[-3] : NULL;
}

__attribute__((unused)) static PyObject *__cg_getattr(PyObject *obj, PyObject *name, __cg_attr_site *site) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (__cg_valid(site, tp)) {
        if (site->kind == __CG_DICT) {
            PyObject *dict = __cg_instance_dict(obj);
            Py_hash_t h = ((PyASCIIObject *)name)->hash;
            if (dict != NULL && h != -1) {
                Py_INCREF(dict);  /* (held through the lookup, as the generic lookup holds it) */
                PyObject *res = _PyDict_GetItem_KnownHash(dict, name, h);
                Py_XINCREF(res);
                Py_DECREF(dict);
                if (res != NULL) {
                    return res;
                }
                if (PyErr_Occurred()) {
                    return NULL;
                }
            }
        } else if (site->kind == __CG_SLOT) {
            PyObject *res = *(PyObject **)((char *)obj + site->offset);
            if (res != NULL) {
                Py_INCREF(res);
                return res;
            }
        }
        return tp->tp_getattro(obj, name);
    }
    if (tp->tp_getattro == PyObject_GenericGetAttr && PyUnicode_CheckExact(name)) {
        __cg_fill(site, tp, name);
    }
    return PyObject_GetAttr(obj, name);
}

__attribute__((unused)) static int __cg_setattr(PyObject *obj, PyObject *name, PyObject *value, __cg_attr_site *site) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (__cg_valid(site, tp)) {
        if (value != NULL) {
            if (site->kind == __CG_DICT) {
                PyObject *dict = __cg_instance_dict(obj);
                if (dict != NULL) {
                    return PyDict_SetItem(dict, name, value);
                }
            } else if (site->kind == __CG_SLOT) {
                PyObject **slot = (PyObject **)((char *)obj + site->offset);
                PyObject *old = *slot;
                Py_INCREF(value);
                *slot = value;
                Py_XDECREF(old);
                return 0;
            }
        }
        return tp->tp_setattro(obj, name, value);
    }
    if (tp->tp_setattro == PyObject_GenericSetAttr && PyUnicode_CheckExact(name)) {
        __cg_fill(site, tp, name);
    }
    return PyObject_SetAttr(obj, name, value);
}
#define __CG_GETATTR(o, n) ({ static __cg_attr_site __cg_site; __cg_getattr((o), (n), &__cg_site); })
#define __CG_SETATTR(o, n, v) ({ static __cg_attr_site __cg_site; __cg_setattr((o), (n), (v), &__cg_site); })
