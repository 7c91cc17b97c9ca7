from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    """`?page=2&page_size=100`: 50 items a page by default, at most 200."""

    page_size_query_param = "page_size"
    max_page_size = 200
